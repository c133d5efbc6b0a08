import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * Stands in for Firebase App Check's token service: an RSA key, its JWKS served on a local port, and
 * tokens signed with it in App Check's format. firebase-admin fetches the JWKS from a fixed Google URL;
 * `agent` (given to the firebase-admin app as httpAgent) delivers that request to the local server.
 */
export async function startAppCheckIssuer() {
  const kid = 'local-test-key';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  // An https-speaking agent whose connections go, unencrypted, to the local JWKS server.
  const agent = new Agent({ keepAlive: false });
  Object.assign(agent, { protocol: 'https:', createConnection: () => connect(port, '127.0.0.1') });

  return {
    agent,
    /** A token as App Check issues it for a web app of `projectId`, valid for an hour unless told. */
    mint(
      projectId: string,
      options: { expiresInSeconds?: number; key?: KeyObject; kid?: string } = {},
    ): string {
      const now = Math.floor(Date.now() / 1000);
      const header = { alg: 'RS256', typ: 'JWT', kid: options.kid ?? kid };
      const payload = {
        iss: 'https://firebaseappcheck.googleapis.com/123456789',
        sub: '1:123456789:web:0123456789abcdef',
        aud: ['projects/123456789', `projects/${projectId}`],
        iat: now - 60,
        exp: now + (options.expiresInSeconds ?? 3600),
      };
      const signed = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
      const signature = sign('sha256', Buffer.from(signed), options.key ?? privateKey);
      return `${signed}.${base64url(signature)}`;
    },
    /** A key App Check never published. */
    strangerKey: () =>
      createPrivateKey(
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
          format: 'pem',
          type: 'pkcs8',
        }),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
