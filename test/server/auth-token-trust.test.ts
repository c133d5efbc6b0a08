import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthService } from '../../shared/backend/auth/auth-service.js';
import { firebaseApp } from '../../shared/backend/auth/firebase-app.js';
import { VERIFIED_TOKEN_TRUST_MS } from '../../shared/backend/auth/verified-tokens.js';

const PROJECT = 'demo-token-trust';
const UID = 'trusted-shopper';

/** An ID token as the Auth emulator issues them (unsigned), valid for `seconds` from now. */
function emulatorToken(seconds = 3600, salt = 0): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000) - salt;
  const claims = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: now,
    user_id: UID,
    sub: UID,
    iat: now,
    exp: now + salt + seconds,
    email: 'trusted@example.com',
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/**
 * An Auth emulator's account lookup, counted: in emulator mode firebase-admin asks it about the user
 * on every token it verifies. It answers with the shopper, disabled when `disabled` says so.
 */
let lookups = 0;
let disabled = false;
let auth: Server;
let service: AuthService;
const clock = { ms: Date.now() };

beforeAll(async () => {
  auth = createServer((request, response) => {
    request.resume();
    if (request.url?.includes('accounts:lookup')) lookups++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ users: [{ localId: UID, email: 'trusted@example.com', disabled }] }));
  });
  auth.listen(0, '127.0.0.1');
  await once(auth, 'listening');
  const host = `127.0.0.1:${(auth.address() as AddressInfo).port}`;
  service = new AuthService(
    getAuth(firebaseApp({ projectId: PROJECT, authEmulatorHost: host })),
    () => clock.ms,
  );
});
afterAll(() => auth.close());

/** How many lookups `work` made. */
async function lookupsOf(work: () => Promise<unknown>): Promise<number> {
  const before = lookups;
  await work();
  return lookups - before;
}

describe('a shopper’s ID token is checked with Auth once a minute, not on every request', () => {
  it('verifies a token once, then takes it on trust for a minute, then asks again', async () => {
    const token = emulatorToken(3600, 1);
    expect(await lookupsOf(() => service.verify(token))).toBe(1);
    const again = await lookupsOf(async () => {
      for (let i = 0; i < 5; i++) expect((await service.verify(token)).uid).toBe(UID);
    });
    expect(again).toBe(0);
    clock.ms += VERIFIED_TOKEN_TRUST_MS - 1;
    expect(await lookupsOf(() => service.verify(token))).toBe(0);
    clock.ms += 2;
    expect(await lookupsOf(() => service.verify(token))).toBe(1);
  });

  it('asks on every admin request, which checks revocation', async () => {
    const token = emulatorToken(3600, 2);
    await service.verify(token);
    expect(await lookupsOf(() => service.verify(token, { checkRevoked: true }))).toBe(1);
    expect(await lookupsOf(() => service.verify(token, { checkRevoked: true }))).toBe(1);
  });

  it('never remembers a refusal: a disabled account is refused, and asked about, each time', async () => {
    disabled = true;
    try {
      const token = emulatorToken(3600, 3);
      for (let i = 0; i < 2; i++)
        expect(
          await lookupsOf(() =>
            expect(service.verify(token)).rejects.toMatchObject({ code: 'unauthenticated' }),
          ),
        ).toBe(1);
    } finally {
      disabled = false;
    }
  });

  it('no longer trusts a token past its expiry, even within the minute', async () => {
    const token = emulatorToken(30, 4);
    expect(await lookupsOf(() => service.verify(token))).toBe(1);
    clock.ms += 31_000;
    // The clock here is the cache's; firebase-admin still finds the token valid, so it asks Auth.
    expect(await lookupsOf(() => service.verify(token))).toBe(1);
  });
});
