import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskImageStore } from '../../shared/backend/images/disk/disk-image-store.js';
import { downloadImages } from '../../shared/backend/images/download-images.js';
import { MAX_IMAGE_BYTES } from '../../shared/domain/constants.js';
import { tempDataDir } from '../support/cli.js';
import { TINY_PNG } from '../support/images.js';
import { mountSmallDisk } from '../support/tmpfs.js';

/** What the remote server saw of one response: how much it sent, and whether the client hung up first. */
interface Sent {
  bytes: number;
  total: number;
  closedEarly: boolean;
}

const CHUNK = 64 * 1024;
const HUGE = 4 * MAX_IMAGE_BYTES;

// A real HTTP server on loopback standing for the sites a catalogue's images live on.
const hits = new Map<string, number>();
const streams = new Map<string, Sent>();
let active = 0;
let mostActive = 0;
const sockets = new Set<Socket>();
let server: Server;
let base: string;
const data = tempDataDir('download-images');
const images = new DiskImageStore(join(data.dir, 'images'));

/** Sends `total` bytes starting with a PNG signature, a chunk at a time as the socket drains. */
function stream(name: string, res: ServerResponse, total: number, headers: Record<string, string>) {
  const sent: Sent = { bytes: 0, total, closedEarly: false };
  streams.set(name, sent);
  res.writeHead(200, { 'content-type': 'image/png', ...headers });
  res.on('close', () => {
    if (sent.bytes < total) sent.closedEarly = true;
  });
  const more = () => {
    while (sent.bytes < total && !res.destroyed) {
      const chunk = Buffer.alloc(Math.min(CHUNK, total - sent.bytes));
      if (sent.bytes === 0) TINY_PNG.copy(chunk, 0, 0, 8);
      sent.bytes += chunk.length;
      if (!res.write(chunk)) return res.once('drain', () => setTimeout(more, 2));
    }
    if (sent.bytes >= total) res.end();
  };
  more();
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? '/';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const redirect = /^\/hops\/(\d+)\/(.*)$/.exec(path);
  if (redirect) {
    const left = Number(redirect[1]);
    res.writeHead(302, { location: left > 1 ? `/hops/${left - 1}/${redirect[2]}` : `/${redirect[2]}` });
    return res.end();
  }
  switch (path) {
    case '/good.png':
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(TINY_PNG);
    case '/page.jpg':
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>Not found</title><p>This page has moved.</p>');
    case '/slow-body.png':
      // Headers at once, then the body stalls: the timeout counts the body too.
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(TINY_PNG.length) });
      return res.write(TINY_PNG.subarray(0, 8));
    case '/huge.png':
      return stream('huge', res, HUGE, {});
    case '/huge-declared.png':
      return stream('huge-declared', res, HUGE, { 'content-length': String(HUGE) });
    case '/elsewhere.png':
      res.writeHead(302, { location: 'http://example.com/elsewhere.png' });
      return res.end();
  }
  if (path.startsWith('/busy/')) {
    active++;
    mostActive = Math.max(mostActive, active);
    setTimeout(() => {
      active--;
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(TINY_PNG);
    }, 60);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('no such image');
}

beforeAll(async () => {
  server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  data.remove();
});

const one = async (path: string, options: Parameters<typeof downloadImages>[2] = {}) =>
  (await downloadImages([`${base}${path}`], images, options)).get(`${base}${path}`);

describe('downloading a catalogue’s remote images into the shop’s image store', () => {
  it('stores a PNG under the shop’s own URL, with the same bytes', async () => {
    const result = await one('/good.png');
    expect(result).toEqual({ url: expect.stringMatching(/^\/images\/[A-Za-z0-9]+\.png$/) });
    const stored = (result as { url: string }).url.replace('/images/', '');
    expect(readFileSync(join(data.dir, 'images', stored))).toEqual(TINY_PNG);
  });

  it('answers a 404 with the server’s status', async () => {
    expect(await one('/missing.png')).toEqual({ error: 'the server answered 404 Not Found' });
  });

  it('gives up on a body that stops coming once the time is up', async () => {
    const started = Date.now();
    expect(await one('/slow-body.png', { timeoutMs: 400 })).toEqual({
      error: 'timed out: not downloaded within 0.4 s',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('cuts an oversize body off as soon as it passes the limit, before the server has sent it all', async () => {
    expect(await one('/huge.png')).toEqual({ error: 'larger than 5.0 MB, the most an image may be' });
    const sent = streams.get('huge')!;
    await expect.poll(() => sent.closedEarly).toBe(true);
    expect(sent.bytes).toBeLessThan(sent.total);
  });

  it('refuses a body whose declared length is over the limit without reading it', async () => {
    expect(await one('/huge-declared.png')).toEqual({
      error: 'larger than 5.0 MB, the most an image may be',
    });
    const sent = streams.get('huge-declared')!;
    await expect.poll(() => sent.closedEarly).toBe(true);
    expect(sent.bytes).toBeLessThan(MAX_IMAGE_BYTES);
  });

  it('refuses an HTML page named .jpg, judging by the bytes', async () => {
    expect(await one('/page.jpg')).toEqual({
      error: 'not an image: only JPEG, PNG and WebP are kept, judged by the bytes',
    });
  });

  it('follows up to 3 redirects, and no more', async () => {
    expect(await one('/hops/3/good.png')).toEqual({ url: expect.stringMatching(/^\/images\/.+\.png$/) });
    expect(await one('/hops/4/good.png')).toEqual({ error: 'more than 3 redirects' });
  });

  it('refuses other schemes, plain http to another host, and a redirect to one, without fetching them', async () => {
    const refused = [
      'ftp://127.0.0.1/x.png',
      'http://example.com/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ];
    let fetched = 0;
    const results = await downloadImages(refused, images, {
      fetch: (...args) => {
        fetched++;
        return fetch(...args);
      },
    });
    for (const url of refused)
      expect(results.get(url)).toEqual({
        error: 'refused: only https images are downloaded (plain http only from this machine)',
      });
    expect(fetched).toBe(0);
    expect(await one('/elsewhere.png')).toEqual({
      error:
        'refused: it redirects to http://example.com/elsewhere.png, and only https images are downloaded',
    });
  });

  it('downloads each distinct URL once, never more at a time than the limit', async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `${base}/busy/${i}.png`);
    mostActive = 0;
    const results = await downloadImages([...urls, ...urls], images, { concurrency: 3 });
    expect(results.size).toBe(12);
    for (const url of urls) expect(results.get(url)).toEqual({ url: expect.stringMatching(/\.png$/) });
    for (let i = 0; i < 12; i++) expect(hits.get(`/busy/${i}.png`)).toBe(1);
    expect(mostActive).toBe(3);
  });

  it('keeps 4 downloads under way by default', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `${base}/busy/default-${i}.png`);
    mostActive = 0;
    await downloadImages(urls, images);
    expect(mostActive).toBe(4);
  });

  it('answers the shop’s own image paths as they are, fetching nothing', async () => {
    const results = await downloadImages(['/images/abc123.png'], images, {
      fetch: () => Promise.reject(new Error('fetched')),
    });
    expect(results.get('/images/abc123.png')).toEqual({ url: '/images/abc123.png' });
  });

  it('throws a full disk once the downloads under way have ended, leaving no half image behind', async () => {
    const disk = mountSmallDisk(1);
    try {
      disk.fill();
      const full = new DiskImageStore(join(disk.dir, 'images'));
      const urls = Array.from({ length: 6 }, (_, i) => `${base}/busy/full-${i}.png`);
      await expect(downloadImages(urls, full)).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(readdirSync(join(disk.dir, 'images'))).toEqual([]);
    } finally {
      disk.unmount();
    }
  });
});
