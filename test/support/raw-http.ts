import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

/** Sends bytes exactly as given over a new TCP connection and resolves with all that comes back once the server closes it. */
export function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** The status code of a raw HTTP/1.1 response. */
export function statusOf(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? Number.NaN);
}

/**
 * A slow client: sends `text` one byte every `everyMs` and never more, and resolves when the
 * server closes the connection, with how long that took and whether the whole text had been sent.
 */
export function trickle(
  port: number,
  text: string,
  everyMs: number,
): Promise<{ closedAfterMs: number; sentAll: boolean; response: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const chunks: Buffer[] = [];
    const socket: Socket = connect(port, '127.0.0.1', () => {
      timer = setInterval(() => {
        if (sent < text.length && socket.writable) socket.write(text[sent++]!);
      }, everyMs);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A write racing the server's close is the close itself.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({
        closedAfterMs: Date.now() - started,
        sentAll: sent === text.length,
        response: Buffer.concat(chunks).toString('latin1'),
      });
    });
  });
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded (fetch would undo a Content-Encoding). */
  body: Buffer;
}

/** A GET over a real socket with exactly these headers, answered with the raw bytes of the body. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
  });
}
