import { useEffect } from 'react';
import { documentTitle } from '../../../shared/domain/page-metadata.js';

/** Sets the tab title to "<title> · <store name>", or the store's own title for null (as the server does). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
