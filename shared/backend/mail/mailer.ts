import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { Mailbox, OutboxMail } from '../store/port.js';
import type { MailConfig } from './mail-config.js';

export interface Mailer {
  /** Where e-mails go, for the start-up banner. */
  readonly describe: string;
  /**
   * Sends one outbox e-mail. `id` (the outbox id) becomes its Message-ID and, in the outbox folder,
   * its file name: a resend after a crash is recognisably the same e-mail, and overwrites its file.
   */
  send(mail: OutboxMail, id: string): Promise<void>;
}

const singleAddress = z.email();

/** The mailbox as it goes into a header: exactly one valid address, a name without control characters. */
function checkedMailbox({ name, address }: Mailbox): Mailbox {
  if (!singleAddress.safeParse(address).success) {
    throw new Error(`refusing to send to ${JSON.stringify(address)}: not one e-mail address`);
  }
  return { name: name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim(), address };
}

/** The e-mail with its mailboxes checked; every transport sends through this. */
function checked(mail: OutboxMail): OutboxMail {
  return {
    ...mail,
    to: checkedMailbox(mail.to),
    ...(mail.replyTo ? { replyTo: checkedMailbox(mail.replyTo) } : {}),
  };
}

const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/**
 * The longest one send can take before it fails; must stay below OUTBOX_LEASE_MS, as a test checks.
 * @internal
 */
export const LONGEST_SEND_MS =
  TIMEOUTS_MS.connectionTimeout + TIMEOUTS_MS.greetingTimeout + TIMEOUTS_MS.socketTimeout;

/** `<id@domain of the From address>`, the form RFC 5322 gives a Message-ID. */
function messageId(id: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

/** Writes the whole file or nothing: a crash leaves the old file or none, never an empty or partial one. */
async function writeFileAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // The rename itself reaches the disk only with its folder.
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * SMTP when configured; else, for the embedded shop, an outbox folder of .eml files (what a mail
 * client opens); else null: nowhere to send, so e-mails wait in the store's outbox. nodemailer
 * loads on the first e-mail only.
 */
export function createMailer(config: MailConfig): Mailer | null {
  const { smtpUrl, outboxDir, from } = config;
  if (smtpUrl) {
    const transport = import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: smtpUrl, ...TIMEOUTS_MS }),
    );
    return {
      describe: `sent through ${new URL(smtpUrl).host}`,
      send: async (mail, id) => {
        await (await transport).sendMail({ from, ...checked(mail), messageId: messageId(id, from) });
      },
    };
  }
  if (outboxDir) {
    const transport = import('nodemailer').then(({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return {
      describe: `written to ${outboxDir} (set SHOP_SMTP_URL to send them)`,
      send: async (mail, id) => {
        const { message: eml } = await (await transport).sendMail({
          from,
          ...checked(mail),
          messageId: messageId(id, from),
        });
        await mkdir(outboxDir, { recursive: true });
        await writeFileAtomically(join(outboxDir, `${id}.eml`), eml as Buffer);
      },
    };
  }
  return null;
}
