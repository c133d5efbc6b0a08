import { useSearchParams } from 'react-router-dom';
import { useCataloguePage } from '../catalogue/use-catalogue-page.js';
import { LoadFailed } from '../layout/load-failed.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { StoreListing } from './store-listing.js';
import { readStoreQuery } from './store-query.js';

/** The store: one request for the page in the URL, answered by the server's listing. */
export function StorePage() {
  const [params] = useSearchParams();
  const query = readStoreQuery(params);
  usePageTitle(query.q ? `Search: ${query.q}` : 'Store');
  const { data, error, isLoading, mutate } = useCataloguePage(query);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Store</h1>
      {error ? (
        <LoadFailed what="The catalogue" onRetry={() => void mutate()} />
      ) : (
        <StoreListing listing={data} query={query} loading={isLoading} />
      )}
    </div>
  );
}
