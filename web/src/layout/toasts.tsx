import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_LIMIT, TOAST_POSITION } from '../../../shared/domain/constants.js';

/** react-hot-toast has no limit of its own: dismiss the oldest visible toasts beyond TOAST_LIMIT. */
function useToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const t of visible.slice(TOAST_LIMIT)) toast.dismiss(t.id);
  }, [toasts]);
}

export function Toasts() {
  useToastLimit();
  return (
    <Toaster
      position={TOAST_POSITION}
      toastOptions={{
        blank: { duration: TOAST_DURATIONS.blank },
        error: { duration: TOAST_DURATIONS.error },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
      }}
    />
  );
}
