import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';

export function useProducts() {
  return useSWR('/products', async () => (await api.products.list()).products);
}
