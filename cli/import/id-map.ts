/** IDs of up to 9 digits fit an Int32Array slot; others (rare) go to a Map. */
const SMALL_NUMBER = /^(0|[1-9]\d{0,8})$/;
const EMPTY = -1;

/**
 * Product IDs to whole numbers. WooCommerce's IDs are whole numbers, kept in an open-addressing
 * table of two Int32Arrays (linear probing, at most half full): at most 16 bytes an entry, a third of
 * a Map's, which counts when a big file's every parent is in it. Other IDs go to a Map.
 */
export class IdMap {
  private keys = new Int32Array(1 << 12).fill(EMPTY);
  private values = new Int32Array(1 << 12);
  /** 32 minus log2 of the table's length: home() keeps the hash's top bits. */
  private shift = 20;
  private size = 0;
  private readonly others = new Map<string, number>();

  get(id: string): number | undefined {
    if (!SMALL_NUMBER.test(id)) return this.others.get(id);
    const key = Number(id);
    const at = this.slot(key);
    return this.keys[at] === key ? this.values[at] : undefined;
  }

  set(id: string, value: number): void {
    if (!SMALL_NUMBER.test(id)) {
      this.others.set(id, value);
      return;
    }
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    this.put(Number(id), value);
  }

  delete(id: string): void {
    if (!SMALL_NUMBER.test(id)) {
      this.others.delete(id);
      return;
    }
    const mask = this.keys.length - 1;
    let hole = this.slot(Number(id));
    if (this.keys[hole] !== Number(id)) return;
    // Backward-shift deletion: an entry after the hole whose home is not between them moves into it.
    for (let at = (hole + 1) & mask; this.keys[at] !== EMPTY; at = (at + 1) & mask) {
      const home = this.home(this.keys[at]!);
      const stays = hole < at ? home > hole && home <= at : home > hole || home <= at;
      if (stays) continue;
      this.keys[hole] = this.keys[at]!;
      this.values[hole] = this.values[at]!;
      hole = at;
    }
    this.keys[hole] = EMPTY;
    this.size--;
  }

  private put(key: number, value: number): void {
    const at = this.slot(key);
    if (this.keys[at] !== key) this.size++;
    this.keys[at] = key;
    this.values[at] = value;
  }

  private home(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** The slot holding `key`, or the empty one it would go in. */
  private slot(key: number): number {
    const mask = this.keys.length - 1;
    let at = this.home(key);
    while (this.keys[at] !== EMPTY && this.keys[at] !== key) at = (at + 1) & mask;
    return at;
  }

  private grow(): void {
    const [keys, values] = [this.keys, this.values];
    this.keys = new Int32Array(keys.length * 2).fill(EMPTY);
    this.values = new Int32Array(keys.length * 2);
    this.shift--;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.put(keys[i]!, values[i]!);
  }
}
