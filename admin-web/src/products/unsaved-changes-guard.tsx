import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../../shared/web/confirm-dialog.js';

/**
 * Asks before leaving while `dirty()` is true: in-app navigation gets a dialog, closing or reloading
 * the tab gets the browser's own prompt. `dirty` is read at the moment of leaving, so a save that
 * navigates away straight after can clear it first.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: () => boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    currentLocation.pathname !== nextLocation.pathname ? dirty() : false,
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Your changes to this product have not been saved and will be lost.
    </ConfirmDialog>
  );
}
