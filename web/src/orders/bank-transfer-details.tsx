import { BANK_TRANSFER_DAYS } from '../../../shared/domain/constants.js';
import { formatCents } from '../../../shared/domain/money.js';
import type { BankTransferInstructions } from '../../../shared/domain/payment.js';
import { formatDate } from '../../../shared/web/dates.js';

/** What the shopper needs to make the transfer, with the order number as the reference to quote. */
export function BankTransferDetails({ instructions }: { instructions: BankTransferInstructions }) {
  const rows: [string, string][] = [
    ['Amount', formatCents(instructions.amountCents)],
    ['Bank', instructions.bankName],
    ['Account name', instructions.accountName],
    ['Routing number', instructions.routingNumber],
    ['Account number', instructions.accountNumber],
    ['Reference', instructions.reference],
    ...(instructions.dueBy ? [['Pay by', formatDate(instructions.dueBy)] as [string, string]] : []),
  ];
  const deadline = instructions.dueBy
    ? `by ${formatDate(instructions.dueBy)}`
    : `within ${BANK_TRANSFER_DAYS} days`;
  return (
    <section
      aria-label="Bank transfer instructions"
      className="rounded-xl border border-amber-200 bg-amber-50 p-5"
    >
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Pay by bank transfer</h2>
      <p className="mb-3 text-sm text-slate-700">
        Please transfer the amount below {deadline} and quote the reference exactly, so we can match your
        payment. We ship as soon as it arrives and email you the tracking number. An order still unpaid after
        that is cancelled and its items go back on sale.
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-mono font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
