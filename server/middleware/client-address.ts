import { BlockList, isIP } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { ClientIpHeader } from '../../shared/backend/config.js';
import { renderedFor } from '../server-render.js';

/**
 * Fastly's published address ranges (https://api.fastly.com/public-ip-list): Firebase Hosting's CDN
 * runs on Fastly, so a request Hosting forwards reaches Google's front end from one of them. Keep in
 * step with that list.
 */
const FASTLY = new BlockList();
for (const range of [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
]) {
  const [address, prefix] = range.split('/') as [string, string];
  FASTLY.addSubnet(address, Number(prefix), isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const first = (list: string | undefined) => list?.split(',')[0]?.trim() || undefined;

/**
 * Who connected to Google's front end: in front of Cloud Functions (2nd gen) and Cloud Run it appends
 * `<the address that connected>, <its own>` to X-Forwarded-For, after whatever the caller sent, so the
 * second entry from the end is the one a caller cannot choose.
 */
function frontEndPeer(forwardedFor: string | undefined): string | undefined {
  const peer = forwardedFor?.split(',').at(-2)?.trim();
  return peer && isIP(peer) ? peer : undefined;
}

const fromFastly = (address: string) => FASTLY.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The client's address, for per-client limits: the page request's for an API read a server render
 * makes in-process; the proxy's header where it is believed (`header.from`: any request, or only one
 * Firebase Hosting forwarded, the function being reachable at its own URL too); else the connection's.
 */
export function clientAddress(c: Context, header: ClientIpHeader | null): string {
  const rendered = renderedFor(c);
  if (rendered !== undefined) return rendered;
  const connection = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress ?? 'local';
  if (!header) return connection;
  const named = first(c.req.header(header.name));
  if (header.from === 'any') return named ?? connection;
  const peer = frontEndPeer(c.req.header('x-forwarded-for'));
  if (peer === undefined) return connection;
  return fromFastly(peer) ? (named ?? peer) : peer;
}
