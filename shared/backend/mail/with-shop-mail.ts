import type { ShopConfig } from '../config.js';
import { MailingOrders } from '../orders/mailing-orders.js';
import type { OrderMailContext } from '../orders/order-mail.js';
import type { Store } from '../store/port.js';
import { createMailer, type Mailer } from './mailer.js';
import { MailingMessages } from './mailing-messages.js';

/**
 * The same store, e-mailing as the shop does: shoppers as their orders change, staff as contact
 * messages arrive.
 */
export function withShopMail(
  store: Store,
  mailer: Mailer,
  context: OrderMailContext & { staffInbox: string },
  log?: (line: string) => void,
): Store {
  return {
    kind: store.kind,
    products: store.products,
    messages: new MailingMessages(store.messages, mailer, context.staffInbox, log),
    orders: new MailingOrders(store.orders, mailer, context, log),
    clear: () => store.clear(),
    close: () => store.close(),
  };
}

/** withShopMail with the mailer and addresses the shop's configuration names. */
export function withConfiguredMail<M extends Mailer = Mailer>(
  store: Store,
  config: Pick<ShopConfig, 'mail' | 'shopUrl' | 'payments'>,
  wrap: (mailer: Mailer) => M = (mailer) => mailer as M,
): { store: Store; mailer: M } {
  const mailer = wrap(createMailer(config.mail));
  const context = {
    shopUrl: config.shopUrl,
    bankTransfer: config.payments.bankTransfer,
    staffInbox: config.mail.staffInbox,
  };
  return { store: withShopMail(store, mailer, context), mailer };
}
