import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  bucket: string;
  name: string;
  contentType: string;
  cacheControl: string | undefined;
  metadata: Record<string, string>;
  bytes: Buffer;
  generation: number;
  /** When the object was created; tests move it back to age an image. */
  timeCreated: Date;
}

interface RecordedStorageRequest {
  method: string;
  path: string;
}

const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC32C (Castagnoli), big-endian and base64, as Cloud Storage reports it for integrity checks. */
function crc32c(bytes: Buffer): string {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString('base64');
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Splits a multipart/related upload body into its JSON metadata part and its media part. */
function parseMultipart(raw: Buffer, contentType: string): { json: Record<string, unknown>; media: Buffer } {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error('multipart upload without a boundary');
  const parts: Buffer[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(delimiter);
  while (at !== -1) {
    const next = raw.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    const part = raw.subarray(at + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    parts.push(part.subarray(headerEnd + 4, part.length - 2));
    at = next;
  }
  const [meta, media] = parts;
  if (!meta || !media) throw new Error('multipart upload needs a metadata part and a media part');
  return { json: JSON.parse(meta.toString('utf8')) as Record<string, unknown>, media };
}

/**
 * A local server answering the part of the Cloud Storage JSON API and of the Firebase Storage REST API
 * that the bucket image store uses: multipart upload, object metadata, listing by prefix a page at a
 * time (`pageSize` objects a page at most), delete, and download URLs
 * (`/v0/b/<bucket>/o/<name>?alt=media&token=…`, served only with the object's download token).
 * firebase-admin reaches it through FIREBASE_STORAGE_EMULATOR_HOST.
 */
export async function startFakeCloudStorage({ pageSize = 1000 } = {}) {
  const objects = new Map<string, StoredObject>();
  const requests: RecordedStorageRequest[] = [];
  let generation = 1;
  const key = (bucket: string, name: string) => `${bucket}/${name}`;

  const resource = (o: StoredObject) => ({
    kind: 'storage#object',
    id: `${o.bucket}/${o.name}/${o.generation}`,
    bucket: o.bucket,
    name: o.name,
    generation: String(o.generation),
    contentType: o.contentType,
    cacheControl: o.cacheControl,
    size: String(o.bytes.length),
    md5Hash: createHash('md5').update(o.bytes).digest('base64'),
    crc32c: crc32c(o.bytes),
    metadata: o.metadata,
    timeCreated: o.timeCreated.toISOString(),
    updated: o.timeCreated.toISOString(),
  });

  const json = (res: ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };
  const notFound = (res: ServerResponse) =>
    json(res, 404, { error: { code: 404, message: 'No such object' } });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const raw = await body(req);
    const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
    const list = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o$/.exec(url.pathname);
    const object = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
    const download = /^\/v0\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
    if (req.method === 'POST' && upload) {
      const bucket = decodeURIComponent(upload[1]!);
      const { json: meta, media } = parseMultipart(raw, req.headers['content-type'] ?? '');
      const name = (url.searchParams.get('name') ?? meta.name) as string;
      if (url.searchParams.get('ifGenerationMatch') === '0' && objects.has(key(bucket, name))) {
        return json(res, 412, { error: { code: 412, message: 'Precondition Failed' } });
      }
      const stored: StoredObject = {
        bucket,
        name,
        contentType: (meta.contentType as string) ?? 'application/octet-stream',
        cacheControl: meta.cacheControl as string | undefined,
        metadata: (meta.metadata as Record<string, string>) ?? {},
        bytes: media,
        generation: generation++,
        timeCreated: new Date(),
      };
      objects.set(key(bucket, name), stored);
      return json(res, 200, resource(stored));
    }
    if (req.method === 'GET' && list) {
      // Names in lexicographic order, as Cloud Storage lists them; the page token is the last name sent.
      const bucket = decodeURIComponent(list[1]!);
      const prefix = url.searchParams.get('prefix') ?? '';
      const after = url.searchParams.get('pageToken') ?? '';
      const size = Math.min(pageSize, Number(url.searchParams.get('maxResults') ?? pageSize));
      const matching = [...objects.values()]
        .filter((o) => o.bucket === bucket && o.name.startsWith(prefix) && o.name > after)
        .sort((a, b) => (a.name < b.name ? -1 : 1));
      const page = matching.slice(0, size);
      return json(res, 200, {
        kind: 'storage#objects',
        items: page.map(resource),
        ...(matching.length > size ? { nextPageToken: page.at(-1)!.name } : {}),
      });
    }
    if (object) {
      const k = key(decodeURIComponent(object[1]!), decodeURIComponent(object[2]!));
      const found = objects.get(k);
      if (!found) return notFound(res);
      if (req.method === 'GET') return json(res, 200, resource(found));
      if (req.method === 'DELETE') {
        objects.delete(k);
        return res.writeHead(204).end();
      }
    }
    if (req.method === 'GET' && download) {
      const found = objects.get(key(decodeURIComponent(download[1]!), decodeURIComponent(download[2]!)));
      if (!found) return notFound(res);
      const tokens = found.metadata.firebaseStorageDownloadTokens;
      if (url.searchParams.get('alt') !== 'media') {
        return json(res, 200, { name: found.name, bucket: found.bucket, downloadTokens: tokens });
      }
      if (!tokens?.split(',').includes(url.searchParams.get('token') ?? '')) {
        return json(res, 403, { error: { code: 403, message: 'Permission denied.' } });
      }
      res.writeHead(200, {
        'content-type': found.contentType,
        ...(found.cacheControl ? { 'cache-control': found.cacheControl } : {}),
      });
      return res.end(found.bytes);
    }
    json(res, 501, { error: { code: 501, message: `Not part of the fake: ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** host:port for FIREBASE_STORAGE_EMULATOR_HOST. */
    host,
    objects,
    /** Stores an object directly, as if uploaded at `timeCreated`. */
    put: (bucket: string, name: string, bytes: Buffer, timeCreated = new Date()) => {
      objects.set(key(bucket, name), {
        bucket,
        name,
        contentType: 'application/octet-stream',
        cacheControl: undefined,
        metadata: {},
        bytes,
        generation: generation++,
        timeCreated,
      });
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
