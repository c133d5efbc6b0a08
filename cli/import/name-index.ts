/**
 * Remembers on which row each name was first seen, in typed arrays: 17 to 26 bytes a name instead of
 * the ~200 a Map of strings takes, so an import's memory stays nearly flat however long the file.
 * Names are kept as two independent 32-bit hashes; two different names would have to agree on all
 * 64 bits to be taken for each other (odds of about n²/2⁶⁵ for n names, 3 in 10⁸ for a million).
 */
export class NameIndex {
  private slots = new Uint32Array(3 * 1024);
  private size = 0;

  /** The row `key` was first seen on, or undefined after recording `row` as that row. */
  firstRowOrAdd(key: string, row: number): number | undefined {
    // at most 70% full (probes stay few), growing by half (memory stays close to what is used)
    if (this.size * 10 >= this.capacity * 7) this.grow();
    const [a, b] = hashes(key);
    for (let i = a % this.capacity; ; i = (i + 1) % this.capacity) {
      const at = 3 * i;
      const seen = this.slots[at + 2]!;
      if (seen === 0) {
        this.slots[at] = a;
        this.slots[at + 1] = b;
        this.slots[at + 2] = row + 1; // 0 marks an empty slot
        this.size++;
        return undefined;
      }
      if (this.slots[at] === a && this.slots[at + 1] === b) return seen - 1;
    }
  }

  /** The row `key` was first seen on, without recording anything. */
  rowOf(key: string): number | undefined {
    const [a, b] = hashes(key);
    for (let i = a % this.capacity; ; i = (i + 1) % this.capacity) {
      const at = 3 * i;
      const seen = this.slots[at + 2]!;
      if (seen === 0) return undefined;
      if (this.slots[at] === a && this.slots[at + 1] === b) return seen - 1;
    }
  }

  private get capacity(): number {
    return this.slots.length / 3;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(3 * Math.ceil((old.length / 3) * 1.5));
    for (let at = 0; at < old.length; at += 3) {
      if (old[at + 2] === 0) continue;
      let i = old[at]! % this.capacity;
      while (this.slots[3 * i + 2] !== 0) i = (i + 1) % this.capacity;
      this.slots[3 * i] = old[at]!;
      this.slots[3 * i + 1] = old[at + 1]!;
      this.slots[3 * i + 2] = old[at + 2]!;
    }
  }
}

/** FNV-1a and a differently seeded, differently mixed variant of it. */
function hashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, b >>> 0];
}
