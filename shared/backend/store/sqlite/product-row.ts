import type { Product } from '../../../domain/product.js';
import { timestampFromMillis } from '../../../domain/timestamp.js';

export interface ProductRow {
  id: string;
  name: string;
  name_key: string;
  price: number;
  available: 0 | 1;
  description: string;
  img_url: string;
  category: string;
  brand: string;
  stock: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    available: row.available === 1,
    description: row.description,
    imgUrl: row.img_url,
    category: row.category,
    brand: row.brand,
    stock: row.stock,
    createdAt: timestampFromMillis(row.created_at),
    updatedAt: timestampFromMillis(row.updated_at),
    version: row.version,
  };
}
