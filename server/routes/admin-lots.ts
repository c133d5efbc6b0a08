import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { COA_TOO_LARGE, recordLot } from '../../shared/backend/lots/record-lot.js';
import { removeLot } from '../../shared/backend/lots/remove-lot.js';
import { MAX_COA_BYTES } from '../../shared/domain/constants.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { errorResponse } from '../errors.js';
import { requireAdmin } from '../middleware/auth.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { multipartForm } from '../multipart.js';
import { validate } from '../validate.js';

/** Room for the multipart boundaries, headers and text fields around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const lotListQuery = z.object({ productId: z.string().min(1).max(128).optional() });
const lotNumberParam = z.object({ lotNumber: z.string().min(1).max(128) });

/** A text field of the form: absent and blank alike are "not given". */
function textField(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Purity as typed in a form: a number, or the text itself so the schema names what is wrong. */
function numberField(value: unknown): unknown {
  const text = textField(value);
  return text === undefined || Number.isNaN(Number(text)) ? text : Number(text);
}

/**
 * Lots and their certificates of analysis; every route requires the isAdmin claim. Uploads are
 * limited per admin like image uploads (the same per-minute figure), and refused before being read.
 */
export const adminLotRoutes = ({ store, images, auth, config }: AppDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', validate('query', lotListQuery), async (c) => {
      const { productId } = c.req.valid('query');
      const lots = productId ? await store.lots.listForProduct(productId) : await store.lots.list();
      return c.json({ lots }, 200);
    })
    .post(
      '/',
      rateLimit({
        limit: config.imageUploadsPerMinute,
        windowMs: 60_000,
        message: `Too many uploads: at most ${config.imageUploadsPerMinute} a minute; please try again shortly`,
        key: (c) => c.get('user')!.uid,
      }),
      bodyLimit({
        maxSize: MAX_COA_BYTES + MULTIPART_OVERHEAD_BYTES,
        onError: (c) =>
          errorResponse(c, 'too-large', COA_TOO_LARGE, {
            fields: [{ field: 'coa', message: COA_TOO_LARGE }],
          }),
      }),
      async (c) => {
        const form = await multipartForm(
          c,
          'Send the lot as multipart/form-data: lotNumber, productId, variantId, testedAt, purity and the PDF in a field named "coa"',
        );
        const file = form.coa;
        if (!(file instanceof File))
          throw new ShopError('invalid-input', 'No COA: send the PDF in a field named "coa"', {
            field: 'coa',
          });
        if (file.size > MAX_COA_BYTES) throw new ShopError('too-large', COA_TOO_LARGE, { field: 'coa' });
        const lot = await recordLot(
          { store, images },
          {
            lotNumber: textField(form.lotNumber),
            productId: textField(form.productId),
            variantId: textField(form.variantId),
            testedAt: textField(form.testedAt),
            purity: numberField(form.purity),
            coa: new Uint8Array(await file.arrayBuffer()),
          },
        );
        c.header('location', `/api/lots/${encodeURIComponent(lot.lotNumber)}`);
        return c.json({ lot }, 201);
      },
    )
    .delete('/:lotNumber', validate('param', lotNumberParam), async (c) => {
      await removeLot({ store, images }, c.req.valid('param').lotNumber);
      return c.body(null, 204);
    });
