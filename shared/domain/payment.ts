import type { Timestamp } from './timestamp.js';

export interface BankTransferInstructions {
  bankName: string;
  accountName: string;
  routingNumber: string;
  accountNumber: string;
  /** What the shopper must quote so the payment can be matched: the order number. */
  reference: string;
  amountCents: number;
  /** After this the unpaid order is cancelled and its items go back on sale. */
  dueBy: Timestamp | null;
}

/** How the shopper completes payment once the order exists. */
export type PaymentStart =
  | { kind: 'bank-transfer'; instructions: BankTransferInstructions }
  | { kind: 'redirect'; url: string; reference: string };
