import { join } from 'node:path';
import { z } from 'zod';
import { STORE_DISPLAY_NAME, SUPPORT_EMAIL } from '../../domain/constants.js';

export interface MailConfig {
  /** smtp:// or smtps:// URL of the server that sends the shop's e-mails; null: none configured. */
  smtpUrl: string | null;
  /** The From of every e-mail. */
  from: string;
  /** Where contact-form messages are forwarded for staff to answer. */
  staffInbox: string;
  /** Without SMTP, the embedded shop writes each e-mail as an .eml file here; null: not written at all. */
  outboxDir: string | null;
}

export const mailEnvSchema = z.object({
  SHOP_SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error:
        'SHOP_SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  SHOP_MAIL_FROM: z.string().min(3).default(`${STORE_DISPLAY_NAME} <${SUPPORT_EMAIL}>`),
  SHOP_SUPPORT_EMAIL: z.email('SHOP_SUPPORT_EMAIL must be an email address').default(SUPPORT_EMAIL),
});

export function mailConfig(
  env: z.output<typeof mailEnvSchema>,
  where: { backend: 'sqlite' | 'firestore'; dataDir: string },
): MailConfig {
  const smtpUrl = env.SHOP_SMTP_URL ?? null;
  return {
    smtpUrl,
    from: env.SHOP_MAIL_FROM,
    staffInbox: env.SHOP_SUPPORT_EMAIL,
    outboxDir: !smtpUrl && where.backend === 'sqlite' ? join(where.dataDir, 'outbox') : null,
  };
}

/** For callers that read the environment themselves (the CLI): a bad value is an Error naming it. */
export function mailConfigFromEnv(
  env: NodeJS.ProcessEnv,
  where: { backend: 'sqlite' | 'firestore'; dataDir: string },
): MailConfig {
  const parsed = mailEnvSchema.safeParse({
    SHOP_SMTP_URL: env.SHOP_SMTP_URL || undefined,
    SHOP_MAIL_FROM: env.SHOP_MAIL_FROM || undefined,
    SHOP_SUPPORT_EMAIL: env.SHOP_SUPPORT_EMAIL || undefined,
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return mailConfig(parsed.data, where);
}
