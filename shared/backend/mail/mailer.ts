import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { MailConfig } from './mail-config.js';

/**
 * One mailbox. Given as an object, nodemailer writes the name as a quoted display name and never
 * reads addresses out of it, so text a shopper typed cannot add recipients to a header.
 */
export interface Mailbox {
  name: string;
  address: string;
}

export interface MailMessage {
  to: Mailbox;
  /** Where a reply goes, when not to the sender (a shopper's address on a forwarded contact message). */
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where e-mails go, for the start-up banner. */
  readonly describe: string;
  send(message: MailMessage): Promise<void>;
}

const singleAddress = z.email();

/** The mailbox as it goes into a header: exactly one valid address, a name without control characters. */
function checkedMailbox({ name, address }: Mailbox): Mailbox {
  if (!singleAddress.safeParse(address).success) {
    throw new Error(`refusing to send to ${JSON.stringify(address)}: not one e-mail address`);
  }
  return { name: name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim(), address };
}

/** The message with its mailboxes checked; every transport sends through this. */
function checked(message: MailMessage): MailMessage {
  return {
    ...message,
    to: checkedMailbox(message.to),
    ...(message.replyTo ? { replyTo: checkedMailbox(message.replyTo) } : {}),
  };
}

const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP when configured; else, for the embedded shop, an outbox folder of .eml files (what a mail
 * client opens), else nothing with a log line per e-mail. nodemailer loads on the first e-mail only.
 */
export function createMailer(config: MailConfig, log: (line: string) => void = console.warn): Mailer {
  const { smtpUrl, outboxDir, from } = config;
  if (smtpUrl) {
    const transport = import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: smtpUrl, ...TIMEOUTS_MS }),
    );
    return {
      describe: `sent through ${new URL(smtpUrl).host}`,
      send: async (message) => {
        await (await transport).sendMail({ from, ...checked(message) });
      },
    };
  }
  if (outboxDir) {
    let sequence = 0;
    const transport = import('nodemailer').then(({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return {
      describe: `written to ${outboxDir} (set SHOP_SMTP_URL to send them)`,
      send: async (message) => {
        const { message: eml } = await (await transport).sendMail({ from, ...checked(message) });
        await mkdir(outboxDir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const slug = message.subject.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60);
        await writeFile(
          join(outboxDir, `${stamp}-${String(++sequence).padStart(4, '0')}-${slug}.eml`),
          eml as Buffer,
        );
      },
    };
  }
  return {
    describe: 'not sent: SHOP_SMTP_URL is not set',
    send: async (message) =>
      log(`[mail] SHOP_SMTP_URL is not set; not sending "${message.subject}" to ${message.to.address}`),
  };
}

export interface BackgroundMailer extends Mailer {
  /** Resolves once every e-mail under way has been sent or has failed. */
  flush(): Promise<void>;
}

/**
 * Sends without keeping the caller waiting, so a slow or unreachable mail server never slows a
 * checkout. For a long-running server only: a Cloud Function may be frozen once it has answered.
 */
export function inBackground(mailer: Mailer, log: (line: string) => void = console.error): BackgroundMailer {
  const pending = new Set<Promise<void>>();
  return {
    describe: mailer.describe,
    send: async (message) => {
      const sending: Promise<void> = mailer
        .send(message)
        .catch((error: unknown) =>
          log(
            `[mail] could not send "${message.subject}" to ${message.to.address}: ${error instanceof Error ? error.message : error}`,
          ),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    flush: async () => {
      await Promise.all(pending);
    },
  };
}
