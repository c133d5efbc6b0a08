import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_POSITION } from '../domain/constants.js';

/**
 * Toasts per the shop's constants, for the storefront and the admin area. At most TOAST_LIMIT (20) show
 * at once: react-hot-toast keeps only its newest 20, a limit it does not let callers set
 * (test/components/storefront-toasts guards it).
 */
export function Toasts() {
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
