import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AddressObject, type EmailAddress, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string;
  from: string;
  replyTo: string;
  /** Every address the Reply-To header names, as a mail client reads it. */
  replyToAddresses: string[];
  /** Every address the To header names. */
  toAddresses: string[];
  /** The SMTP envelope's recipients: who the message was actually delivered to (the inbox only). */
  envelopeTo?: string[];
  subject: string;
  text: string;
  html: string;
}

function addresses(field: AddressObject | undefined): string[] {
  const flat = (list: EmailAddress[]): string[] =>
    list.flatMap((a) => (a.group ? flat(a.group) : a.address ? [a.address] : []));
  return field ? flat(field.value) : [];
}

function received(mail: ParsedMail): ReceivedMail {
  return {
    messageId: mail.messageId ?? '',
    to: [mail.to]
      .flat()
      .map((a) => a?.text ?? '')
      .join(', '),
    from: mail.from?.text ?? '',
    replyTo: mail.replyTo?.text ?? '',
    replyToAddresses: addresses(mail.replyTo),
    toAddresses: [mail.to].flat().flatMap(addresses),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/**
 * A real SMTP server on loopback that keeps what it is sent, parsed: on `port` (else any free one);
 * each message is accepted once `accept()` resolves (a slow server), at once without it.
 */
export async function startSmtpInbox(options: { port?: number; accept?: () => Promise<void> } = {}): Promise<{
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await options.accept?.();
          mails.push({ ...received(mail), envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The e-mails the embedded shop wrote into a data folder's outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<ReceivedMail[]> {
  const outbox = join(dataDir, 'outbox');
  const files = existsSync(outbox) ? readdirSync(outbox).sort() : [];
  return Promise.all(
    files.map(async (file) => received(await simpleParser(readFileSync(join(outbox, file))))),
  );
}
