import type { Context } from 'hono';
import { ShopError } from '../shared/domain/errors.js';

/**
 * The fields of a multipart/form-data upload; `howToSend` tells the client what the route expects when
 * the body is not such a form or cannot be read as one (a broken boundary, a truncated part).
 */
export async function multipartForm(c: Context, howToSend: string) {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw new ShopError('invalid-input', howToSend);
  try {
    return await c.req.parseBody();
  } catch (error) {
    // The runtime's FormData parser says a body is malformed with a TypeError.
    if (error instanceof TypeError)
      throw new ShopError('invalid-input', `The form cannot be read. ${howToSend}`);
    throw error;
  }
}
