/**
 * A least-recently-used cache held to a byte budget: the oldest entries go once the values together
 * pass it. Keeps the server's compressed bodies and its rendered pages.
 */
export class ByteBudgetCache<V> {
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.budgetBytes) return;
    this.delete(key);
    this.#entries.set(key, value);
    this.#bytes += size;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= this.sizeOf(old);
    }
  }

  private delete(key: string): void {
    const old = this.#entries.get(key);
    if (old === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= this.sizeOf(old);
  }
}
