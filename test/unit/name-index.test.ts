import { describe, expect, it } from 'vitest';
import { NameIndex } from '../../cli/import/name-index.js';

describe('NameIndex (the import’s duplicate-name memory)', () => {
  it('records the first row of each name and tells it back for later ones, across growth', () => {
    const index = new NameIndex();
    const count = 50_000;
    for (let row = 2; row < count + 2; row++)
      expect(index.firstRowOrAdd(`peptide ${row}`, row)).toBeUndefined();
    for (let row = 2; row < count + 2; row += 997)
      expect(index.firstRowOrAdd(`peptide ${row}`, row + count)).toBe(row);
    expect(index.firstRowOrAdd('peptide 1', 1)).toBeUndefined();
    expect(index.firstRowOrAdd('', 0)).toBeUndefined();
    expect(index.firstRowOrAdd('', 9)).toBe(0);
  });

  it('tells apart names that differ in one character anywhere, or in Unicode', () => {
    const index = new NameIndex();
    const names = ['bpc-157', 'bpc-158', 'cpc-157', 'bpc-157 ', 'ペプチド', 'ペプチト', '🧪', '🧫'];
    for (const [i, name] of names.entries()) expect(index.firstRowOrAdd(name, i)).toBeUndefined();
    for (const [i, name] of names.entries()) expect(index.firstRowOrAdd(name, 100)).toBe(i);
  });
});
