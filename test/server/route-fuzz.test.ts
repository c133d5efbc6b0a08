import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDiscountSchema } from '../../shared/domain/discount.js';
import { newProductSchema } from '../../shared/domain/product.js';
import {
  API_ROUTES,
  type ApiRoute,
  type RouteFixtures,
  SITE_ROUTES,
  type SiteRoute,
  unlistedRoutes,
} from '../support/api-routes.js';
import { signUp, signUpAdmin, signUpFulfilment } from '../support/auth-users.js';
import { headerText, junkString, junkValue, mutated, urlPart } from '../support/fuzz-input.js';
import { placeStoredOrder } from '../support/place-order.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

/** Generated requests per route; ROUTE_FUZZ_RUNS sets another number (more, for a longer hunt). */
const RUNS = Number(process.env.ROUTE_FUZZ_RUNS) || 200;

const TOKENS = ['none', 'malformed', 'forged', 'shopper', 'fulfilment', 'admin'] as const;
type TokenKind = (typeof TOKENS)[number];

let t: TestApp;
let db: Database.Database;
let bearer: Record<'shopper' | 'fulfilment' | 'admin', string>;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token's shape with an admin claim, for another project and long expired: it must not verify. */
const forgedToken = () => {
  const now = Math.floor(Date.now() / 1000);
  const claims = { aud: 'another-project', iss: 'https://securetoken.google.com/another-project' };
  return `${base64url({ alg: 'RS256', kid: 'forged' })}.${base64url({
    ...claims,
    sub: 'forged',
    user_id: 'forged',
    isAdmin: true,
    iat: now - 7200,
    exp: now - 3600,
    auth_time: now - 7200,
  })}.c2lnbmF0dXJl`;
};

beforeAll(async () => {
  // Each generated request comes from its own address, so per-address limits do not hide what follows them.
  t = createTestApp({}, { SHOP_CLIENT_IP_HEADER: 'x-fuzz-client', SHOP_IMAGE_UPLOADS_PER_MINUTE: '100000' });
  db = new Database(join(t.dataDir, 'shop.sqlite'), { readonly: true });
  const [shopper, packer, admin] = await Promise.all([signUp(), signUpFulfilment(), signUpAdmin()]);
  bearer = { shopper: shopper!.idToken, fulfilment: packer!.idToken, admin: admin!.idToken };
});
afterAll(async () => {
  db?.close();
  await t?.close();
});

/** Fresh records for one route's run: its admin calls may delete or change them. */
async function makeFixtures(): Promise<RouteFixtures> {
  const product = await t.store.products.add(
    newProductSchema.parse({ name: `Fuzz ${randomUUID()}`, price: 9, stock: 50 }),
  );
  const order = await placeStoredOrder(t.store.orders, product.id, 1);
  const discount = await t.store.discounts.create(
    newDiscountSchema.parse({ code: `FZ${randomUUID().slice(0, 8)}`, type: 'percent', value: 5 }),
  );
  const lot = await t.store.lots.add({
    lotNumber: `FZ-${randomUUID().slice(0, 8)}`.toUpperCase(),
    productId: product.id,
    variantId: product.variants[0]!.id,
    testedAt: '2026-11-01',
    purity: 99.1,
    coaUrl: 'https://lab.example/coa.pdf',
  });
  return {
    productId: product.id,
    variantId: product.variants[0]!.id,
    orderId: order.id,
    orderNumber: order.number,
    code: discount.code,
    lotNumber: lot.lotNumber,
  };
}

/**
 * What the shop has written: the database's commit counter (SQLite's data_version moves with every
 * commit of another connection, the app's) and the data folder's files, the database's own aside.
 */
function snapshot(): string {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? files(path) : [`${relative(t.dataDir, path)}:${statSync(path).size}`];
    });
  const written = files(t.dataDir)
    .filter((f) => !f.startsWith('shop.sqlite'))
    .sort();
  return JSON.stringify([db.pragma('data_version', { simple: true }), written]);
}

/** Known values for a path param, so generated requests also reach records that exist. */
const knownParams = (name: string, f: RouteFixtures): string[] =>
  ({
    id: [f.productId, f.orderId],
    variantId: [f.variantId],
    code: [f.code],
    lotNumber: [f.lotNumber],
  })[name] ?? [];

const paramValue = (name: string, f: RouteFixtures) =>
  fc.oneof(
    fc.constantFrom(...knownParams(name, f), 'x').map(urlPart),
    junkString.filter((s) => s !== '' && s !== '.' && s !== '..').map(urlPart),
    // Percent escapes that decode to nothing valid.
    fc.constantFrom('%', '%E0%A4%A', '%C0%AF', '%00', '%2F'),
  );

const queryString = (route: ApiRoute) =>
  fc.oneof(
    fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...(route.query ?? []), 'q', 'page'), junkString), junkString),
        {
          maxLength: 6,
        },
      )
      .map((pairs) => {
        const query = new URLSearchParams(pairs.map(([k, v]) => [k.slice(0, 100), v.slice(0, 3000)]));
        return query.size ? `?${query}` : '';
      }),
    fc.constantFrom('?%', '?a=%E0%A4%A', '?=&&==', '?page=1&page=2&q=a&q=b', '?q[]=1&q[x]=2'),
  );

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  '',
];

type Body = { contentType?: string; body?: string | FormData };

const jsonBody = (value: unknown): Body => ({ contentType: 'application/json', body: JSON.stringify(value) });

/** A multipart form with the sample's fields, each kept, dropped, or given other text or a file of junk. */
const formBody = (sample: Record<string, unknown>) =>
  fc
    .tuple(
      ...Object.keys(sample).map((key) =>
        fc.oneof(
          fc.constant({ key, value: undefined }),
          fc.record({ key: fc.constant(key), value: junkString }),
          fc.record({ key: fc.constant(key), value: fc.uint8Array({ maxLength: 2_000 }) }),
        ),
      ),
      fc.array(fc.record({ key: fc.string({ maxLength: 10 }), value: junkString }), { maxLength: 3 }),
    )
    .map(([...parts]): Body => {
      const extra = parts.pop() as { key: string; value: string }[];
      const form = new FormData();
      for (const { key, value } of [...(parts as { key: string; value?: string | Uint8Array }[]), ...extra]) {
        if (value instanceof Uint8Array) form.append(key, new Blob([new Uint8Array(value)]), 'junk.bin');
        else if (value !== undefined) form.append(key, value);
      }
      return { body: form };
    });

const body = (route: ApiRoute, f: RouteFixtures): fc.Arbitrary<Body> => {
  const sample = route.sample?.(f);
  const text = fc.oneof(
    junkString,
    fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '\u0000', '{"a":1}{"b":2}', '\uFEFF{}'),
    junkValue.map((v) => JSON.stringify(v) ?? ''),
  );
  return fc.oneof(
    fc.constant<Body>({}),
    { arbitrary: junkValue.map(jsonBody), weight: 2 },
    ...(sample ? [{ arbitrary: mutated(sample).map(jsonBody), weight: 4 }, formBody(sample)] : []),
    { arbitrary: fc.record({ contentType: fc.constantFrom(...CONTENT_TYPES), body: text }), weight: 2 },
    // A body over the 1 MB limit.
    fc.constant(jsonBody({ padding: 'x'.repeat(1_100_000) })),
  );
};

interface FuzzCase {
  token: TokenKind;
  authorization: string | undefined;
  path: string;
  body: Body;
  headers: Record<string, string>;
}

function fuzzCase(route: ApiRoute, f: RouteFixtures): fc.Arbitrary<FuzzCase> {
  const params = route.path.match(/:[^/]+/g) ?? [];
  const path = fc
    .tuple(fc.tuple(...params.map((p) => paramValue(p.slice(1), f))), queryString(route))
    .map(([values, query]) => {
      let i = 0;
      return route.path.replace(/:[^/]+/g, () => values[i++]!) + query;
    });
  const token = fc.constantFrom(...TOKENS).chain((kind) =>
    (kind === 'malformed'
      ? fc.oneof(
          fc.constantFrom('Bearer not-a-jwt', 'Token abc', 'Bearer', 'Bearer a.b.c', 'Basic YTpi'),
          headerText.map((s) => `Bearer ${s}`),
          headerText,
        )
      : fc.constant(
          kind === 'none'
            ? undefined
            : kind === 'forged'
              ? `Bearer ${forgedToken()}`
              : `Bearer ${bearer[kind]}`,
        )
    ).map((authorization) => ({ token: kind, authorization })),
  );
  const headers = fc.record(
    {
      'x-fuzz-client': fc.ipV4(),
      'if-match': headerText,
      'if-none-match': headerText,
      'stripe-signature': headerText,
      'idempotency-key': headerText,
    },
    { requiredKeys: ['x-fuzz-client'] },
  );
  return fc
    .record({
      token,
      path,
      body: route.method === 'GET' ? fc.constant<Body>({}) : body(route, f),
      headers,
    })
    .map(({ token, ...rest }) => ({ ...token, ...rest }));
}

function request(route: ApiRoute, c: FuzzCase) {
  const headers: Record<string, string> = { ...c.headers };
  if (c.authorization !== undefined) headers.authorization = c.authorization;
  if (c.body.contentType) headers['content-type'] = c.body.contentType;
  return t.app.request(c.path, { method: route.method, headers, body: c.body.body });
}

/** What a caller without the right to the route must get, whatever else is wrong with the request. */
function refusal(route: ApiRoute, token: TokenKind): 401 | 403 | null {
  if (route.access === 'public') return null;
  if (token === 'none' || token === 'malformed' || token === 'forged') return 401;
  if (route.access === 'signed-in' || token === 'admin') return null;
  return token === 'shopper' || route.access === 'admin' ? 403 : null;
}

it('lists every route the app serves, and only those', () => {
  expect(unlistedRoutes(t.app)).toEqual({ unlisted: [], stale: [] });
});

it('notices what a request writes', async () => {
  const before = snapshot();
  const response = await t.app.request('/api/admin/discounts', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: `FZ${randomUUID().slice(0, 8)}`, type: 'percent', value: 5 }),
  });
  expect(response.status).toBe(201);
  expect(snapshot()).not.toBe(before);
});

// The malformed checkouts that answered 500 (issue 25): the address is judged only when there is one.
it.each([{}, { nonsense: true }, { lines: [] }, { lines: 'x' }, { lines: [{}] }])(
  'a signed-in shopper’s checkout of %j is a 400 naming the lines and the missing address',
  async (body) => {
    const response = await t.app.request('/api/checkout', jsonRequest('POST', body, bearer.shopper));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: { field: string }[] } };
    expect(error.code).toBe('invalid-input');
    const fields = error.fields.map((f) => f.field);
    expect(fields.some((f) => f.startsWith('lines'))).toBe(true);
    expect(fields).toContain('shippingAddress');
  },
);

describe.each(API_ROUTES)('$method $path', (route) => {
  let fixtures: RouteFixtures;
  beforeAll(async () => {
    fixtures = await makeFixtures();
  });

  it(`never answers 5xx, answers errors in the error shape, and writes nothing when it refuses (${RUNS} generated requests)`, async () => {
    await fc.assert(
      fc.asyncProperty(fuzzCase(route, fixtures), async (c) => {
        const before = snapshot();
        const response = await request(route, c);
        const text = await response.text();
        expect(response.status, text).toBeLessThan(500);
        const refused = refusal(route, c.token);
        // A body over the limit is refused (413) before the caller is.
        if (refused && response.status !== 413) expect(response.status, text).toBe(refused);
        if (response.status >= 400) {
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          const { error } = JSON.parse(text) as { error: { code: unknown; message: unknown } };
          expect(typeof error.code).toBe('string');
          expect(typeof error.message).toBe('string');
        }
        if (response.status >= 400 || route.method === 'GET') expect(snapshot()).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });
});

/** A path of the site's route with its params filled with known ids or junk, and a junk query. */
const sitePath = (route: SiteRoute, f: RouteFixtures) =>
  fc
    .tuple(
      fc.constantFrom(...route.tries),
      fc.array(paramValue('id', f), { minLength: 4, maxLength: 4 }),
      queryString({ method: 'GET', path: '', access: 'public', query: ['q', 'lot', 'page'] }),
    )
    .map(([path, values, query]) => {
      let i = 0;
      return path.replace(/:[^/.]+/g, () => values[i++]!) + query;
    });

describe.each(SITE_ROUTES)('page $path', (route) => {
  let fixtures: RouteFixtures;
  beforeAll(async () => {
    fixtures = await makeFixtures();
  });

  it(`never answers 5xx and writes nothing (${RUNS} generated requests)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        sitePath(route, fixtures),
        fc.constantFrom('GET', 'HEAD', 'POST'),
        fc.ipV4(),
        async (path, method, client) => {
          const before = snapshot();
          const response = await t.app.request(path, { method, headers: { 'x-fuzz-client': client } });
          const text = await response.text();
          expect(response.status, text.slice(0, 500)).toBeLessThan(500);
          expect(snapshot()).toBe(before);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
