import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sniffImageType } from '../../shared/backend/images/sniff.js';
import { MAX_IMAGE_BYTES } from '../../shared/domain/constants.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { errorResponse } from '../errors.js';
import { requireAdmin } from '../middleware/auth.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { multipartForm } from '../multipart.js';

const TOO_LARGE = 'The image is larger than 5 MB';
/** Room for the multipart boundaries and headers around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Product image upload: multipart/form-data with the file in the field "image". The type is taken
 * from the file's bytes, never from its name or the declared content type. Each admin may upload
 * `imageUploadsPerMinute` a minute; a refused upload is not read.
 */
export const adminImageRoutes = ({ images, auth, config }: AppDeps) =>
  new Hono<AppEnv>().use(requireAdmin(auth)).post(
    '/',
    rateLimit({
      limit: config.imageUploadsPerMinute,
      windowMs: 60_000,
      message: `Too many images: at most ${config.imageUploadsPerMinute} uploads a minute; please try again shortly`,
      key: (c) => c.get('user')!.uid,
    }),
    bodyLimit({
      maxSize: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: (c) => errorResponse(c, 'too-large', TOO_LARGE),
    }),
    async (c) => {
      const file = (await multipartForm(c, 'Send the image as multipart/form-data in a field named "image"'))
        .image;
      if (!(file instanceof File)) {
        throw new ShopError('invalid-input', 'No image: send the file in a field named "image"', {
          field: 'image',
        });
      }
      if (file.size > MAX_IMAGE_BYTES) throw new ShopError('too-large', TOO_LARGE, { field: 'image' });
      if (file.size === 0)
        throw new ShopError('invalid-input', 'The image file is empty', { field: 'image' });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const contentType = sniffImageType(bytes);
      if (!contentType) {
        throw new ShopError(
          'unsupported-media-type',
          'Only JPEG, PNG or WebP images can be uploaded; this file is none of them',
          { field: 'image' },
        );
      }
      const { url } = await images.save(bytes, contentType);
      return c.json({ url, contentType, size: bytes.length }, 201);
    },
  );
