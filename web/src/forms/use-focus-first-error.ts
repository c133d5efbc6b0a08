import { type RefObject, useEffect, useState } from 'react';

/**
 * After a refused submit, moves focus to the form's first field marked invalid and scrolls it into view, so a shopper
 * on a phone sees what to fix. Call `show()` once the errors are set; each call focuses again.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center' });
  }, [shown, form]);
  return () => setShown((n) => n + 1);
}
