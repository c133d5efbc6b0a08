import type { NewProduct, Product, ProductPatch } from '../../domain/product.js';

/**
 * The one storage interface the server and the CLI talk to. Each adapter (sqlite/, firestore/)
 * keeps its raw row or document types to itself and maps them with small `to*()` functions.
 * Every method is async so that networked adapters fit without change to callers.
 */
export interface Store {
  readonly kind: 'sqlite' | 'firestore';
  readonly products: ProductRepository;
  close(): Promise<void>;
}

export interface ProductRepository {
  /** Available products, by name. */
  listAvailable(): Promise<Product[]>;
  /** Every product, unavailable ones included, by name. */
  listAll(): Promise<Product[]>;
  get(id: string): Promise<Product | null>;
  /** Looks a name up the way uniqueness is judged: trimmed and case-insensitive. */
  findByName(name: string): Promise<Product | null>;
  /** Creates an available product; throws DuplicateNameError when the name is taken. */
  add(input: NewProduct): Promise<Product>;
  /** Throws NotFoundError, or DuplicateNameError when renaming onto a taken name. */
  update(id: string, patch: ProductPatch): Promise<Product>;
  setAvailability(id: string, available: boolean): Promise<Product>;
  /** Returns false when there was nothing to delete. */
  delete(id: string): Promise<boolean>;
  /**
   * A token that changes whenever any product changes, from this process or another one
   * sharing the store; lets callers cache listings and notice outside edits cheaply.
   */
  changeToken(): Promise<string>;
}
