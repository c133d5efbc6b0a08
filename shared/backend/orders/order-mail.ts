import { localityLine } from '../../domain/address-rules.js';
import { COMPANY_NAME, STORE_DISPLAY_NAME, SUPPORT_EMAIL } from '../../domain/constants.js';
import { formatCents } from '../../domain/money.js';
import { type Order, paymentDueBy } from '../../domain/order.js';
import { formatTotalLine, orderTotalLines } from '../../domain/order-totals.js';
import { displayPhone } from '../../domain/phone-number.js';
import { type Timestamp, timestampToMillis } from '../../domain/timestamp.js';
import { lineTitle } from '../../domain/variant.js';
import type { BankTransferConfig } from '../config.js';
import type { OutboxMail } from '../store/port.js';

/** What happened to an order that its shopper is told about by e-mail. */
export type OrderEvent = 'placed' | 'paid' | 'shipped' | 'cancelled';

export interface OrderMailContext {
  /** Base of the link to the order's page, e.g. https://shop.example.com */
  shopUrl: string;
  /** Bank details for the instructions sent with a bank-transfer order; null where orders are not placed. */
  bankTransfer: BankTransferConfig | null;
}

const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (t: Timestamp) => `${utc.format(timestampToMillis(t))} UTC`;

function summary(order: Order): string[] {
  const a = order.shippingAddress;
  return [
    ...order.lines.map(
      (l) =>
        `  ${l.quantity} x ${lineTitle(l.name, l.options)}${l.sku ? ` (SKU ${l.sku})` : ''} @ ${formatCents(l.unitPriceCents)} = ${formatCents(l.lineTotalCents)}`,
    ),
    ...orderTotalLines(order, 'shopper').map((row) => `  ${row.label}: ${formatTotalLine(row)}`),
    '',
    'Ship to:',
    `  ${a.fullName}`,
    `  ${a.line1}${a.line2 ? `, ${a.line2}` : ''}`,
    `  ${localityLine(a)}, ${a.country}`,
    `  ${displayPhone(a.phone, a.country)}`,
  ];
}

function bankInstructions(order: Order, bank: BankTransferConfig | null): string[] {
  const due = paymentDueBy(order);
  if (!bank || !due) return [];
  return [
    `Please pay by bank transfer by ${when(due)}, quoting the reference exactly so we can match your payment:`,
    `  Amount:          ${formatCents(order.totalCents)}`,
    `  Bank:            ${bank.bankName}`,
    `  Account name:    ${bank.accountName}`,
    `  Routing number:  ${bank.routingNumber}`,
    `  Account number:  ${bank.accountNumber}`,
    `  Reference:       ${order.number}`,
    'We ship as soon as it arrives. An order still unpaid after that date is cancelled and its items go back on sale.',
  ];
}

function body(
  order: Order,
  event: OrderEvent,
  context: OrderMailContext,
): { subject: string; lines: string[] } {
  const latest = order.statusHistory.at(-1);
  switch (event) {
    case 'placed':
      return {
        subject: `Order ${order.number} received: your bank transfer details`,
        lines: [
          `Thank you for your order, ${order.shippingAddress.fullName}.`,
          '',
          ...bankInstructions(order, context.bankTransfer),
        ],
      };
    case 'paid':
      return {
        subject: `Payment received for order ${order.number}`,
        lines: [
          `We have received your payment of ${formatCents(order.totalCents)}, thank you.`,
          'We are preparing your order and will e-mail you the tracking number when it ships.',
        ],
      };
    case 'shipped':
      return {
        subject: `Order ${order.number} has shipped`,
        lines: [
          'Your order is on its way.',
          `Tracking number: ${[order.tracking?.carrier, order.tracking?.number].filter(Boolean).join(' ')}`,
        ],
      };
    case 'cancelled': {
      const wasPaid = order.statusHistory.some((h) => h.status === 'paid');
      return {
        subject: `Order ${order.number} was cancelled`,
        lines: [
          `Your order ${order.number} was cancelled${latest?.note ? `: ${latest.note}` : ''}.`,
          wasPaid
            ? `We will refund the ${formatCents(order.totalCents)} you paid in full.`
            : 'Nothing was charged. You are welcome to order again at any time.',
        ],
      };
    }
  }
}

/** The e-mail telling a shopper what happened to their order, as plain text and the same as HTML. */
export function orderMail(order: Order, event: OrderEvent, context: OrderMailContext): OutboxMail {
  const { subject, lines } = body(order, event, context);
  const link = `${context.shopUrl}/order-details/${encodeURIComponent(order.id)}`;
  const text = [
    ...lines,
    '',
    `Order ${order.number}, placed ${when(order.createdAt)}`,
    ...summary(order),
    '',
    `See your order at any time: ${link}`,
    '',
    'For research use only. Not for human or veterinary use.',
    `${STORE_DISPLAY_NAME} (${COMPANY_NAME}) · ${SUPPORT_EMAIL}`,
  ].join('\n');
  return { to: { name: '', address: order.email }, subject, text, html: textToHtml(text, link) };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paragraphs of the text, lines kept, spacing kept for the aligned details, the order link clickable. */
export function textToHtml(text: string, link: string): string {
  const paragraphs = text.split('\n\n').map((paragraph) => {
    const html = escapeHtml(paragraph)
      .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
      .replace(/\n/g, '<br>\n');
    return `<p style="white-space:pre-wrap;font-family:system-ui,sans-serif">${html}</p>`;
  });
  return `<!doctype html>\n<html><body>\n${paragraphs.join('\n')}\n</body></html>\n`;
}
