import { Hono } from 'hono';
import { passwordResetLink, passwordResetMail } from '../../shared/backend/mail/password-reset-mail.js';
import { passwordResetRequestSchema } from '../../shared/domain/account.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { validate } from '../validate.js';

/**
 * Password resets, e-mailed by the shop itself through the outbox so that the link opens the shop's
 * own page (Firebase's own e-mail links to its action handler, the emulator's to a JSON answer). The
 * answer is the same whether or not the address has an account.
 */
export const accountRoutes = ({ store, auth, config }: AppDeps) =>
  new Hono<AppEnv>().post(
    '/password-reset',
    rateLimit({
      limit: 10,
      windowMs: 10 * 60_000,
      message: 'Too many reset requests; please try again in a few minutes',
      clientIpHeader: config.clientIpHeader,
    }),
    validate('json', passwordResetRequestSchema),
    async (c) => {
      const { email, next } = c.req.valid('json');
      const code = await auth.passwordResetCode(email);
      if (code)
        await store.outbox.enqueue([passwordResetMail(email, passwordResetLink(config.shopUrl, code, next))]);
      return c.json({ accepted: true }, 202);
    },
  );
