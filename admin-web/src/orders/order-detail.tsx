import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { localityLine } from '../../../shared/domain/address-rules.js';
import { formatCents } from '../../../shared/domain/money.js';
import { ORDER_STATUS_LABELS } from '../../../shared/domain/order.js';
import { type StaffOrder, shippingViewOf, wholeOrder } from '../../../shared/domain/order-shipping-view.js';
import { canMoveTo } from '../../../shared/domain/order-transitions.js';
import { displayPhone } from '../../../shared/domain/phone-number.js';
import { lineTitle } from '../../../shared/domain/variant.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { CancelOrderDialog } from '../../../shared/web/confirm-dialog.js';
import { formatDateTime } from '../../../shared/web/dates.js';
import { AuditHistory } from '../audit/audit-history.js';
import { ActionForm } from './action-form.js';
import { CancelReasonField } from './cancel-reason-field.js';
import { ComplianceRecordView } from './compliance-record.js';
import { OrderPayment } from './order-payment.js';

/**
 * One order: what was bought, where it goes, its history, and the next steps its status allows. Full
 * admins get the order whole; fulfilment staff its shipping view, without money, the shopper's e-mail,
 * compliance or staff notes.
 */
export function OrderDetail({
  order,
  onChanged,
  onClose,
}: {
  order: StaffOrder;
  onChanged(order: StaffOrder): void;
  onClose(): void;
}) {
  // Marking paid and cancelling are full admins' (fulfilment staff see and ship orders only).
  const fullAdmin = useAuth().user?.role === 'admin';
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const whole = wholeOrder(order);
  const view = shippingViewOf(order);
  const a = view.shippingAddress;

  const act = async (label: string, call: () => Promise<{ order: StaffOrder }>) => {
    setBusy(true);
    try {
      onChanged((await call()).order);
      toast.success(`${order.number}: ${label}`);
    } catch (err) {
      toast.error(`${order.number}: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article aria-label={`Order ${order.number}`} className="mt-6 rounded bg-white p-6 shadow-sm">
      <header className="flex items-center gap-4">
        <h2 className="mr-auto text-xl font-semibold">
          Order <span className="font-mono">{order.number}</span> — {ORDER_STATUS_LABELS[order.status]}
        </h2>
        <Link to={`/orders/${encodeURIComponent(order.id)}/packing-slip`} className="text-sm underline">
          Packing slip
        </Link>
        <button type="button" onClick={onClose} className="text-sm underline">
          Close
        </button>
      </header>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-medium">Items</h3>
          <ul className="mt-1 text-sm">
            {view.lines.map((l, i) => {
              const priced = whole?.lines[i];
              return (
                <li key={`${l.productId}/${l.variantId}`}>
                  {l.quantity} × {lineTitle(l.name, l.options)}
                  {l.sku && <span className="font-mono text-slate-600"> ({l.sku})</span>}
                  {l.coldPack && <span className="text-sky-800"> · cold pack</span>}
                  {priced && <> — {formatCents(priced.lineTotalCents)}</>}
                  {priced?.tierPercentOff !== undefined && (
                    <span className="text-slate-600">
                      {' '}
                      ({formatCents(priced.unitPriceCents)} each, {priced.tierPercentOff}% quantity price)
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {whole && <OrderPayment order={whole} />}
          <p className="mt-2 text-sm">
            Shipping: {view.shippingMethod ?? 'not recorded'}
            {view.coldPack && ', with a cold pack'}
          </p>
          {view.tracking && (
            <p className="mt-1 text-sm">
              Tracking: {view.tracking.carrier} {view.tracking.number}
            </p>
          )}
        </div>
        <div className="text-sm">
          <h3 className="font-medium">Ship to</h3>
          <address className="not-italic">
            {a.fullName}
            <br />
            {a.line1}
            {a.line2 && <>, {a.line2}</>}
            <br />
            {localityLine(a)}, {a.country}
            <br />
            {whole && `${whole.email} · `}
            {displayPhone(a.phone, a.country)}
          </address>
          {whole && <ComplianceRecordView record={whole.compliance} />}
          <h3 className="mt-3 font-medium">History</h3>
          <ol>
            {view.statusHistory.map((h, i) => {
              const staffNote = whole?.statusHistory[i]?.staffNote;
              return (
                <li key={`${h.status}-${h.at.seconds}`}>
                  {formatDateTime(h.at)}: {ORDER_STATUS_LABELS[h.status]}
                  {h.note && ` (${h.note})`}
                  {staffNote && ` — staff note: ${staffNote}`}
                </li>
              );
            })}
          </ol>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-end gap-3 border-t pt-4">
        {fullAdmin && canMoveTo(order.status, 'paid') && (
          <ActionForm
            fields={[{ name: 'reference', label: 'Payment reference (optional)' }]}
            submitLabel="Mark paid"
            busy={busy}
            onSubmit={({ reference }) =>
              void act('marked paid', () => adminApi.orders.markPaid(order.id, reference || undefined))
            }
          />
        )}
        {canMoveTo(order.status, 'shipped') && (
          <ActionForm
            fields={[
              { name: 'carrier', label: 'Carrier' },
              { name: 'number', label: 'Tracking number', required: true },
            ]}
            submitLabel="Mark shipped"
            busy={busy}
            onSubmit={(tracking) =>
              void act('marked shipped', () => adminApi.orders.ship(order.id, tracking))
            }
          />
        )}
        {fullAdmin && canMoveTo(order.status, 'cancelled') && (
          <button
            type="button"
            onClick={() => setConfirmCancel(true)}
            className="ml-auto rounded border border-red-700 px-3 py-2 text-red-700"
          >
            Cancel order
          </button>
        )}
      </div>
      <CancelOrderDialog
        orderNumber={order.number}
        open={confirmCancel}
        busy={busy}
        onConfirm={() =>
          void act('cancelled', () => adminApi.orders.cancel(order.id, reason.trim() || undefined)).then(() =>
            setConfirmCancel(false),
          )
        }
        onCancel={() => setConfirmCancel(false)}
      >
        The order is cancelled and tracked stock is put back. This cannot be undone.
        <CancelReasonField value={reason} onChange={setReason} />
      </CancelOrderDialog>
      {/* The audit log is full admins' only (fulfilment staff are refused it). */}
      {fullAdmin && whole && (
        <AuditHistory
          entity="order"
          entityId={order.id}
          revision={`${order.updatedAt.seconds}.${order.updatedAt.nanoseconds}`}
        />
      )}
    </article>
  );
}
