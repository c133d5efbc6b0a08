import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { ContactMessage } from '../../../domain/contact.js';
import { newId } from '../../ids.js';
import type { MailFor, MessageRepository, StoredMessage } from '../port.js';
import { COLLECTIONS, timestampAt, toApiTimestamp } from './documents.js';
import { enqueueMail } from './outbox-repository.js';

interface MessageDocument extends ContactMessage {
  id: string;
  uid: string | null;
  createdAt: Timestamp;
}

const toMessage = (d: MessageDocument): StoredMessage => ({
  id: d.id,
  uid: d.uid,
  name: d.name,
  email: d.email,
  message: d.message,
  createdAt: toApiTimestamp(d.createdAt),
});

export class FirestoreMessageRepository implements MessageRepository {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => number,
  ) {}

  private get messages() {
    return this.db.collection(COLLECTIONS.messages);
  }

  async add(
    message: ContactMessage & { uid: string | null },
    mail?: MailFor<StoredMessage>,
  ): Promise<StoredMessage> {
    const doc: MessageDocument = {
      id: newId(),
      uid: message.uid,
      name: message.name,
      email: message.email,
      message: message.message,
      createdAt: timestampAt(this.now()),
    };
    const stored = toMessage(doc);
    const batch = this.db.batch();
    batch.create(this.messages.doc(doc.id), doc);
    if (mail) enqueueMail(this.db, batch, mail(stored), doc.createdAt.toMillis());
    await batch.commit();
    return stored;
  }

  async list(): Promise<StoredMessage[]> {
    const snapshot = await this.messages.orderBy('createdAt', 'desc').get();
    return snapshot.docs.map((d) => toMessage(d.data() as MessageDocument));
  }
}
