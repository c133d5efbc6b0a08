import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * One header of the request. On Node it is read from the raw message: going through the Fetch API
 * Request would make the adapter build a Headers object, a large part of a cached response's cost.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
