import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/start-server.js';
import { statusOf, trickle } from '../support/raw-http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Short limits so the test runs in seconds; the clients below would hold a socket for a minute.
const LIMITS = { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 500 };

let t: TestApp;
let server: RunningServer;
beforeAll(async () => {
  t = createTestApp();
  server = await startServer({ ...t.deps, config: { ...t.config, port: 0 } }, LIMITS);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('slow clients cannot hold a connection', () => {
  it('closes a connection whose headers arrive a byte at a time (slowloris) once the header limit passes', async () => {
    const headers = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n${'X-Padding: 1\r\n'.repeat(40)}\r\n`;
    // 100 ms a byte: about a minute to finish these headers.
    const client = await trickle(server.port, headers, 100);
    expect(client.sentAll).toBe(false);
    expect(client.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.headersMs - 100);
    expect(client.closedAfterMs).toBeLessThan(LIMITS.headersMs + 3_000);
    expect(statusOf(client.response)).toBe(408);
  });

  it('closes a connection whose body arrives a byte at a time once the request limit passes', async () => {
    const body = JSON.stringify({ name: 'Rosalind', email: 'rf@example.com', message: 'x'.repeat(400) });
    const head = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const client = await trickle(server.port, head + body, 10);
    expect(client.sentAll).toBe(false);
    expect(client.closedAfterMs).toBeLessThan(LIMITS.requestMs + 3_000);
  });

  it('closes an idle kept-alive connection after the keep-alive limit', async () => {
    const request = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    // All sent at once, then nothing: the answer comes and the idle connection is closed soon after.
    const client = await trickle(server.port, request, 0);
    expect(statusOf(client.response)).toBe(200);
    expect(client.closedAfterMs).toBeLessThan(LIMITS.keepAliveMs + 3_000);
  });
});
