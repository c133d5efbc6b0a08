import { useEffect } from 'react';
import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';

/** Sets the tab title to "<title> · <store name>", or the store's own title for null. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${STORE_DISPLAY_NAME}` : `${STORE_DISPLAY_NAME} — research peptides`;
  }, [title]);
}
