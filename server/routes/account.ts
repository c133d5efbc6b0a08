import { Hono } from 'hono';
import {
  emailVerificationLink,
  emailVerificationMail,
} from '../../shared/backend/mail/email-verification-mail.js';
import { passwordResetLink, passwordResetMail } from '../../shared/backend/mail/password-reset-mail.js';
import { passwordResetRequestSchema, verificationEmailRequestSchema } from '../../shared/domain/account.js';
import { ShopError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { validate } from '../validate.js';

/**
 * Password resets and address verifications, e-mailed by the shop itself through the outbox so that the
 * link opens the shop's own page (Firebase's own e-mail links to its action handler; the emulator sends
 * none). A reset is answered alike whether or not the address has an account.
 */
export const accountRoutes = ({ store, auth, config }: AppDeps) =>
  new Hono<AppEnv>()
    .post(
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
          await store.outbox.enqueue([
            passwordResetMail(email, passwordResetLink(config.shopUrl, code, next)),
          ]);
        return c.json({ accepted: true }, 202);
      },
    )
    .post(
      '/verification-email',
      requireUser(auth),
      rateLimit({
        limit: 5,
        windowMs: 10 * 60_000,
        message: 'Too many verification e-mails; please try again in a few minutes',
        key: (c) => c.get('user')!.uid,
      }),
      validate('json', verificationEmailRequestSchema),
      async (c) => {
        const { email, emailVerified } = c.get('user')!;
        if (!email) throw new ShopError('invalid-input', 'Your account has no e-mail address to verify');
        // The token may predate the confirmation; Auth answers for the address as it is now.
        if (emailVerified) return c.json({ sentTo: null, verified: true }, 200);
        const code = await auth.emailVerificationCode(email);
        if (code)
          await store.outbox.enqueue([
            emailVerificationMail(
              email,
              emailVerificationLink(config.shopUrl, code, c.req.valid('json').next),
            ),
          ]);
        return c.json({ sentTo: email, verified: false }, 202);
      },
    );
