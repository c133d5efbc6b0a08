import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal yes/no question; Escape or a click outside answers no. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded bg-white p-6 shadow-lg">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <div className="mt-2 text-slate-700">{children}</div>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" onClick={onCancel} className="rounded border px-3 py-1.5">
              {cancelLabel}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={onConfirm}
              className={`rounded px-3 py-1.5 text-white disabled:opacity-60 ${danger ? 'bg-red-700' : 'bg-teal-700'}`}
            >
              {confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The question both apps ask before cancelling an order. */
export function CancelOrderDialog({
  orderNumber,
  ...props
}: Pick<ConfirmDialogProps, 'open' | 'busy' | 'onConfirm' | 'onCancel' | 'children'> & {
  orderNumber: string;
}) {
  return (
    <ConfirmDialog
      title={`Cancel order ${orderNumber}?`}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      danger
      {...props}
    />
  );
}
