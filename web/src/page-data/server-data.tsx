import { type ReactNode, useEffect, useMemo } from 'react';
import { type Middleware, SWRConfig, unstable_serialize } from 'swr';

/** What the server embedded in a page it rendered: each resource's data by its serialised SWR key. */
export type PageData = Record<string, unknown>;

const PAGE_DATA_ELEMENT_ID = 'page-data';

export const pageDataKey = (key: string | readonly unknown[]) => unstable_serialize(key);

/**
 * The data (as JSON) in a script element. It is never run (the CSP allows no inline scripts), only read;
 * `<` is escaped so no text in the data can close the element.
 */
export function pageDataElement(dataJson: string): string {
  const json = dataJson.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

/** The data the server embedded, or null when the server did not render this page. */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
}

/**
 * Hooks whose data came with the page show it as it is on their first mount instead of asking again
 * (SWR would refetch fallback data on mount); later mounts revalidate as usual. Each key is given up
 * when a hook using it mounts, not when the app does: React hydrates Suspense boundaries after the rest.
 */
function servedOnce(served: Set<string>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const serialised = key === null ? null : unstable_serialize(key);
    const fromPage = serialised !== null && served.has(serialised);
    useEffect(() => {
      if (fromPage && serialised !== null) served.delete(serialised);
    }, [fromPage, serialised]);
    return useSWRNext(key, fetcher, fromPage ? { ...config, revalidateOnMount: false } : config);
  };
}

/** Gives SWR the page's embedded data, on the server while rendering and in the browser while hydrating. */
export function PageDataProvider({ data, children }: { data: PageData | null; children: ReactNode }) {
  const served = useMemo(() => new Set(Object.keys(data ?? {})), [data]);
  const config = useMemo(() => ({ fallback: data ?? {}, use: [servedOnce(served)] }), [data, served]);
  return <SWRConfig value={config}>{children}</SWRConfig>;
}
