import { Hono } from 'hono';
import { contactMessageSchema } from '../../shared/domain/contact.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { identify } from '../middleware/auth.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { validate } from '../validate.js';

/** The contact form: stored for staff; a signed-in sender's uid is kept with the message. */
export const contactRoutes = ({ store, auth, config }: AppDeps) =>
  new Hono<AppEnv>().post(
    '/',
    rateLimit({
      limit: 5,
      windowMs: 10 * 60_000,
      message: 'Too many messages; please try again in a few minutes',
      clientIpHeader: config.clientIpHeader,
    }),
    identify(auth),
    validate('json', contactMessageSchema),
    async (c) => {
      const message = await store.messages.add({ ...c.req.valid('json'), uid: c.get('user')?.uid ?? null });
      const { uid: _private, ...shown } = message;
      return c.json({ message: shown }, 201);
    },
  );
