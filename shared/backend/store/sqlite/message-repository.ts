import type { ContactMessage } from '../../../domain/contact.js';
import { timestampFromMillis } from '../../../domain/timestamp.js';
import { newId } from '../../ids.js';
import type { MailFor, MessageRepository, StoredMessage } from '../port.js';
import { whenFree } from './busy-wait.js';
import { enqueueMail } from './outbox-repository.js';
import type { SqliteDatabase } from './sqlite-database.js';

interface MessageRow {
  id: string;
  uid: string | null;
  name: string;
  email: string;
  message: string;
  created_at: number;
}

const toMessage = (row: MessageRow): StoredMessage => ({
  id: row.id,
  uid: row.uid,
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: timestampFromMillis(row.created_at),
});

export class SqliteMessageRepository implements MessageRepository {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: () => number,
  ) {}

  async add(
    message: ContactMessage & { uid: string | null },
    mail?: MailFor<StoredMessage>,
  ): Promise<StoredMessage> {
    const row: MessageRow = { id: newId(), ...message, created_at: this.now() };
    return whenFree(() =>
      this.db.transaction(() => {
        this.db
          .prepare<MessageRow>(
            'INSERT INTO messages VALUES (@id, @uid, @name, @email, @message, @created_at)',
          )
          .run(row);
        const stored = toMessage(row);
        if (mail) enqueueMail(this.db, mail(stored), row.created_at);
        return stored;
      })(),
    );
  }

  async list(): Promise<StoredMessage[]> {
    const rows = await whenFree(() =>
      this.db.prepare<[], MessageRow>('SELECT * FROM messages ORDER BY created_at DESC, id DESC').all(),
    );
    return rows.map(toMessage);
  }
}
