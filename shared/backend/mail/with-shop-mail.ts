import type { BankTransferConfig, ShopConfig } from '../config.js';
import { MailingOrders } from '../orders/mailing-orders.js';
import type { Store } from '../store/port.js';
import type { MailConfig } from './mail-config.js';
import { createMailer } from './mailer.js';
import { MailingMessages } from './mailing-messages.js';
import {
  type DrainOutbox,
  type OutboxSenderOptions,
  outboxSender,
  startOutboxLoop,
} from './outbox-sender.js';

/** E-mails one request sends before it answers; the rest wait for the next drain. */
const SENT_BEFORE_ANSWERING = 8;

export interface ShopMail {
  /** The same store, its order changes and contact messages queueing e-mails in the outbox. */
  store: Store;
  /** Where e-mails go, for the start-up banner. */
  describe: string;
  /** Sends what is due (all of it unless told); resolves at once when there is nowhere to send. */
  drain: DrainOutbox;
  /** Stops the background sender, after the send under way. */
  stop(): Promise<void>;
}

export interface ShopMailSettings {
  mail: MailConfig;
  /** Base of the links in e-mails, e.g. https://shop.example.com */
  shopUrl: string;
  bankTransfer: BankTransferConfig | null;
}

/**
 * The store, e-mailing as the shop does: shoppers as their orders change, staff as contact messages
 * arrive, each e-mail written to the outbox with the change. `deliver` says when it is sent:
 * - 'before-answering': the change sends what is due before it returns (the hosted function, which
 *   may be frozen once it has answered; the CLI);
 * - 'in-background': a sender loop, woken by each change, so a slow mail server never slows a
 *   checkout (the embedded shop). It also sends what an earlier run left.
 * A mail server that is down never fails a change: the e-mail waits and is retried with backoff.
 */
export function withShopMail(
  store: Store,
  settings: ShopMailSettings,
  deliver: 'before-answering' | 'in-background',
  options: OutboxSenderOptions & { intervalMs?: number } = {},
): ShopMail {
  const log = options.log ?? console.error;
  const mailer = createMailer(settings.mail);
  const drain: DrainOutbox = mailer
    ? outboxSender(store.outbox, mailer, { ...options, log })
    : async () => ({ sent: 0, retrying: 0, failed: 0 });
  let queued = async () => {};
  let stop = async () => {};
  if (mailer && deliver === 'in-background') {
    const loop = startOutboxLoop(drain, {
      log,
      ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
    });
    queued = async () => loop.wake();
    stop = loop.stop;
  } else if (mailer) {
    queued = () =>
      drain(SENT_BEFORE_ANSWERING).then(
        () => undefined,
        (error: unknown) =>
          log(`[mail] could not drain the outbox: ${error instanceof Error ? error.message : error}`),
      );
  }
  const context = { shopUrl: settings.shopUrl, bankTransfer: settings.bankTransfer };
  return {
    store: {
      kind: store.kind,
      lots: store.lots,
      discounts: store.discounts,
      products: store.products,
      audit: store.audit,
      messages: new MailingMessages(store.messages, settings.mail.staffInbox, queued),
      orders: new MailingOrders(store.orders, context, queued),
      outbox: {
        claimDue: (nowMs, limit) => store.outbox.claimDue(nowMs, limit),
        markSent: (id) => store.outbox.markSent(id),
        markFailed: (id, lease, outcome) => store.outbox.markFailed(id, lease, outcome),
        list: (status) => store.outbox.list(status),
        enqueue: async (mails) => {
          await store.outbox.enqueue(mails);
          // Not awaited: an answer that waited for the mail server would take longer for an address
          // with an account than for one without, and so tell them apart. Unsent, it waits in the outbox.
          void queued();
        },
      },
      meta: store.meta,
      reports: store.reports,
      startMaintenance: () => store.startMaintenance(),
      backup: (file) => store.backup(file),
      clear: () => store.clear(),
      close: () => store.close(),
    },
    describe: mailer?.describe ?? 'kept in the outbox, not sent: SHOP_SMTP_URL is not set',
    drain,
    stop,
  };
}

/** withShopMail with the mail settings and addresses the shop's configuration names. */
export function withConfiguredMail(
  store: Store,
  config: Pick<ShopConfig, 'mail' | 'shopUrl' | 'payments'>,
  deliver: 'before-answering' | 'in-background',
  options?: OutboxSenderOptions & { intervalMs?: number },
): ShopMail {
  return withShopMail(
    store,
    { mail: config.mail, shopUrl: config.shopUrl, bankTransfer: config.payments.bankTransfer },
    deliver,
    options,
  );
}
