/**
 * Compressed copies of bodies that carry an ETag (the pre-serialised catalogue answers), kept
 * beside the server's own caches so a repeat request is not compressed again. Least recently used
 * entries go first once the copies together pass the byte budget.
 */
export class CompressedBodyCache {
  readonly #entries = new Map<string, Uint8Array<ArrayBuffer>>();
  #bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const body = this.#entries.get(key);
    if (body) {
      this.#entries.delete(key);
      this.#entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: Uint8Array<ArrayBuffer>): void {
    if (body.length > this.budgetBytes) return;
    this.delete(key);
    this.#entries.set(key, body);
    this.#bytes += body.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.length;
    }
  }

  private delete(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= old.length;
  }
}
