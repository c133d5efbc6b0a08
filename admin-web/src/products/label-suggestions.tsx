import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

const ONCE = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

/** The shop's category and brand names, for the editor to suggest; none while they load or if they fail. */
export function useLabelSuggestions() {
  const categories = useSWR(cacheKeys.categories, api.categories, ONCE);
  const brands = useSWR(cacheKeys.brands, api.brands, ONCE);
  return {
    categories: categories.data?.categories.map((c) => c.name) ?? [],
    brands: brands.data?.brands.map((b) => b.name) ?? [],
  };
}

export function LabelSuggestions({ id, names }: { id: string; names: readonly string[] }) {
  return (
    <datalist id={id}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
