export interface WrittenProduct {
  id: string;
  name: string;
}

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

const described = (products: WrittenProduct[]) =>
  products.map((p) => `${p.name} (${p.id})`).join(', ') || 'none';

/**
 * A bulk import that an adapter writes in several commits failed, and undoing the commits it had
 * made failed too: what remains written is listed, so an operator can finish the clean-up by hand.
 * Everything else the import wrote was undone.
 */
export class BulkImportIncompleteError extends Error {
  constructor(
    override readonly cause: unknown,
    /** Products the import created and that are still in the store. */
    readonly stillCreated: WrittenProduct[],
    /** Products the import updated and that could not be put back as they were (names from before). */
    readonly stillUpdated: WrittenProduct[],
  ) {
    super(
      `The import failed (${messageOf(cause)}) and undoing it failed too; everything else it wrote was undone. ` +
        `Still in the store: ${stillCreated.length} created product(s): ${described(stillCreated)}; ` +
        `${stillUpdated.length} updated product(s) not restored: ${described(stillUpdated)}.`,
    );
    this.name = 'BulkImportIncompleteError';
  }

  /** Why the import failed in the first place. */
  get reason(): string {
    return messageOf(this.cause);
  }
}
