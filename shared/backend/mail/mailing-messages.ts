import type { ContactMessage } from '../../domain/contact.js';
import type { MessageRepository, OutboxMail, StoredMessage } from '../store/port.js';

/** A contact message as forwarded to the staff inbox, Reply-To the sender, so staff answer from their mail client. */
function contactMail(message: StoredMessage, staffInbox: string): OutboxMail {
  const text = [
    message.message,
    '',
    '—',
    `From ${message.name} <${message.email}>${message.uid ? `, signed in as account ${message.uid}` : ', not signed in'}`,
    'Reply to this e-mail to answer them.',
  ].join('\n');
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    to: { name: '', address: staffInbox },
    replyTo: { name: message.name, address: message.email },
    subject: `Contact form: ${message.name.replace(/[\r\n]+/g, ' ')}`,
    text,
    html: `<p style="white-space:pre-wrap;font-family:system-ui,sans-serif">${escaped}</p>`,
  };
}

/**
 * Contact messages, stored with their forward to the staff inbox in the outbox, in one write;
 * `queued` then hands it to the sender.
 */
export class MailingMessages implements MessageRepository {
  constructor(
    private readonly inner: MessageRepository,
    private readonly staffInbox: string,
    private readonly queued: () => Promise<void>,
  ) {}

  async add(message: ContactMessage & { uid: string | null }): Promise<StoredMessage> {
    const stored = await this.inner.add(message, (m) => [contactMail(m, this.staffInbox)]);
    await this.queued();
    return stored;
  }

  list(): Promise<StoredMessage[]> {
    return this.inner.list();
  }
}
