import type { Product } from '../domain/product.js';

/** Products travel as stored, timestamps as { seconds, nanoseconds }. */
export type ProductDto = Product;

export interface ProductListResponse {
  products: ProductDto[];
}

export interface ProductResponse {
  product: ProductDto;
}

export interface PublicConfigResponse {
  storeName: string;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId?: string;
    authEmulatorUrl?: string;
  };
}

export interface HealthResponse {
  status: 'ok';
  backend: string;
}
