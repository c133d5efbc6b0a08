import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningAuthEmulator, startAuthEmulator } from '../../shared/backend/auth/auth-emulator.js';
import { AuthService } from '../../shared/backend/auth/auth-service.js';

const workDir = mkdtempSync(join(tmpdir(), 'shop-auth-restart-'));
const projectId = 'demo-auth-restart';
let emulator: RunningAuthEmulator | null = null;
afterAll(async () => {
  await emulator?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

const start = async (port = 0) => {
  emulator = await startAuthEmulator({ projectId, port, dataDir: join(workDir, 'auth-export'), workDir });
  return emulator;
};
/** What the web SDK sends to the emulator (any API key does). */
const call = async (host: string, path: string, body: object) => {
  const response = await fetch(`http://${host}/${path}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('the embedded shop’s Auth emulator across a restart', () => {
  it('keeps a shopper signed in: the ID token from before still passes, and its refresh token refreshes', async () => {
    const first = await start();
    const signedUp = await call(first.host, 'identitytoolkit.googleapis.com/v1/accounts:signUp', {
      email: 'ada@example.com',
      password: 'correct-horse-42',
      returnSecureToken: true,
    });
    expect(signedUp.status).toBe(200);
    const { idToken, refreshToken, localId } = signedUp.body as Record<string, string>;
    await first.stop();
    emulator = null;

    // Restarted in a later second than the sign-up: sessions dated from the import begin after the token.
    const issuedAt = JSON.parse(Buffer.from(idToken!.split('.')[1]!, 'base64url').toString()).iat as number;
    while (Math.floor(Date.now() / 1000) <= issuedAt) await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await start(Number(first.host.split(':')[1]));
    // The web SDK looks the user up with the stored ID token at page load, and signs out if refused.
    const lookup = await call(again.host, 'identitytoolkit.googleapis.com/v1/accounts:lookup', { idToken });
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect((lookup.body.users as { localId: string }[])[0]?.localId).toBe(localId);
    // The shop's staff routes check revocation: the token's session must still be valid.
    const auth = AuthService.fromConfig({ projectId, authEmulatorHost: again.host });
    await expect(auth.verify(idToken!, { checkRevoked: true })).resolves.toMatchObject({ uid: localId });
    const refreshed = await call(again.host, 'securetoken.googleapis.com/v1/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.user_id).toBe(localId);
  }, 240_000);
});
