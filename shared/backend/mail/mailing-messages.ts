import type { ContactMessage } from '../../domain/contact.js';
import type { MessageRepository, StoredMessage } from '../store/port.js';
import type { Mailer } from './mailer.js';

/**
 * Contact messages, stored and then forwarded to the staff inbox with Reply-To the sender, so staff
 * answer from their mail client. Mail trouble is logged; the message is stored whatever happens.
 */
export class MailingMessages implements MessageRepository {
  constructor(
    private readonly inner: MessageRepository,
    private readonly mailer: Mailer,
    private readonly staffInbox: string,
    private readonly log: (line: string) => void = console.error,
  ) {}

  async add(message: ContactMessage & { uid: string | null }): Promise<StoredMessage> {
    const stored = await this.inner.add(message);
    const text = [
      message.message,
      '',
      '—',
      `From ${message.name} <${message.email}>${message.uid ? `, signed in as account ${message.uid}` : ', not signed in'}`,
      'Reply to this e-mail to answer them.',
    ].join('\n');
    const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    try {
      await this.mailer.send({
        to: { name: '', address: this.staffInbox },
        replyTo: { name: message.name, address: message.email },
        subject: `Contact form: ${message.name.replace(/[\r\n]+/g, ' ')}`,
        text,
        html: `<p style="white-space:pre-wrap;font-family:system-ui,sans-serif">${escaped}</p>`,
      });
    } catch (error) {
      this.log(`[mail] could not forward the contact message ${stored.id}: ${(error as Error).message}`);
    }
    return stored;
  }

  list(): Promise<StoredMessage[]> {
    return this.inner.list();
  }
}
