// A GET over a plain socket that keeps the body as sent (fetch would decompress it).
import { request } from 'node:http';

export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
