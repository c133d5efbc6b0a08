import { createServer } from 'node:net';
import type { hc } from 'hono/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiType } from '../../server/api.js';
import { createAdminApiClient } from '../../shared/api/admin-client.js';
import { type ApiClient, createApiClient } from '../../shared/api/client.js';
import { ApiError } from '../../shared/api/errors.js';
import type { Order } from '../../shared/domain/order.js';

/** A fetch that records each request and answers with the given status and JSON body. */
function recordingFetch(status = 200, body: unknown = {}) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push(new Request(input, init));
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { requests, fetch };
}

/** A loopback port nothing listens on, so a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// `npm run typecheck` checks the lines below: each @ts-expect-error must be an error, or it fails.
function typeChecksOnly(rpc: ReturnType<typeof hc<ApiType>>) {
  // @ts-expect-error a path the server does not have
  void rpc.produce.$get();
  // @ts-expect-error a method the route does not have: products are not posted by shoppers
  void rpc.products.$post({ json: {} });
  // @ts-expect-error a body the route's schema refuses: quantity is a number
  void rpc.checkout.quote.$post({ json: { lines: [{ productId: 'p', quantity: '2' }] } });
  // @ts-expect-error a query value the admin order filter does not know
  void rpc.admin.orders.$get({ query: { status: 'lost' } });
  // @ts-expect-error the path parameter is required
  void rpc.orders[':id'].$get();
}

describe('the apps’ API client, typed by the server’s routes', () => {
  it('reads each answer’s type off the route that sends it', () => {
    expectTypeOf(typeChecksOnly).toBeFunction();
    expectTypeOf<Awaited<ReturnType<ApiClient['orders']['get']>>['order']['id']>().toEqualTypeOf<string>();
    expectTypeOf<
      Awaited<ReturnType<ApiClient['orders']['mine']>>['orders'][number]['status']
    >().toEqualTypeOf<Order['status']>();
    expectTypeOf<
      Awaited<ReturnType<ApiClient['products']['list']>>['products'][number]['price']
    >().toEqualTypeOf<number>();
    expectTypeOf<Awaited<ReturnType<ApiClient['checkout']>>['created']>().toEqualTypeOf<boolean>();
    expectTypeOf<
      Awaited<ReturnType<ReturnType<typeof createAdminApiClient>['products']['delete']>>
    >().toEqualTypeOf<undefined>();
  });

  it('sends the ID token, the App Check token and JSON, to the encoded path', async () => {
    const { requests, fetch } = recordingFetch(200, { order: { id: 'a/b' }, payment: null });
    const api = createAdminApiClient({
      baseUrl: 'http://shop.test',
      fetch,
      getToken: async () => 'id-token',
      getAppCheckToken: async () => 'app-check-token',
    });
    await api.orders.cancel('a/b', 'asked by phone');
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('http://shop.test/api/admin/orders/a%2Fb/cancel');
    expect(request!.headers.get('authorization')).toBe('Bearer id-token');
    expect(request!.headers.get('x-firebase-appcheck')).toBe('app-check-token');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(await request!.json()).toEqual({ note: 'asked by phone' });
  });

  it('sends If-Match with a product update only when the editor names the version it started from', async () => {
    const { requests, fetch } = recordingFetch(200, { product: {} });
    const api = createAdminApiClient({ baseUrl: 'http://shop.test', fetch, getToken: async () => 't' });
    await api.products.update('p1', { name: 'New' }, 7);
    await api.products.setAvailability('p1', false);
    expect(requests[0]!.method).toBe('PATCH');
    expect(requests[0]!.headers.get('if-match')).toBe('"7"');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer t');
    expect(requests[1]!.method).toBe('PUT');
    expect(requests[1]!.url).toBe('http://shop.test/api/admin/products/p1/availability');
    expect(requests[1]!.headers.get('if-match')).toBeNull();
  });

  it('uploads an image as multipart form data in the field "image"', async () => {
    const { requests, fetch } = recordingFetch(201, { url: '/images/x.png' });
    const api = createAdminApiClient({ baseUrl: 'http://shop.test', fetch, getToken: async () => 't' });
    expect(await api.images.upload(new Blob([new Uint8Array([1, 2, 3])]), 'photo.png')).toEqual({
      url: '/images/x.png',
    });
    expect(requests[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer t');
    const image = (await requests[0]!.formData()).get('image');
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe('photo.png');
    expect((image as File).size).toBe(3);
  });

  it('turns the server’s error body into an ApiError with its code, message, fields and details', async () => {
    const error = {
      code: 'stale',
      message: 'Someone else saved this product',
      fields: [{ field: 'name', message: 'Taken' }],
      details: { current: { version: 8 } },
    };
    const { fetch } = recordingFetch(412, { error });
    const api = createAdminApiClient({ baseUrl: 'http://shop.test', fetch });
    const failure = await api.products.update('p1', { name: 'x' }, 7).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 412, ...error });
  });

  it('says the shop cannot be reached when the connection is refused', async () => {
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    await expect(api.health()).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
