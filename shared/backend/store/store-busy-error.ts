import { ShopError } from '../../domain/errors.js';

/** The store stayed locked by another writer (an import) for longer than a request may wait. */
export class StoreBusyError extends ShopError {
  constructor(readonly retryAfterSeconds = 1) {
    super('store-busy', 'The shop is busy with a large update; please try again in a moment');
  }
}
