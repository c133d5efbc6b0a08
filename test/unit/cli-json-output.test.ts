import { describe, expect, it } from 'vitest';
import { jsonPieces } from '../../cli/output.js';

const printed = (value: unknown) => [...jsonPieces(value)].join('');

describe('the CLI’s --json output', () => {
  it('is JSON.stringify(value, null, 2) to the byte, though an array is written an item at a time', () => {
    const values = [
      [
        { id: 'a', name: 'BPC-157', nested: { list: [1, 2], empty: [] } },
        { id: 'b', stock: null },
      ],
      [],
      [undefined, 'text', 3],
      { deleted: { id: 'x' } },
      'abc',
    ];
    for (const value of values) expect(printed(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
    expect([...jsonPieces([1, 2, 3])].length).toBe(5);
  });

  it('escapes DEL and the C1 controls, which JSON.stringify leaves raw, and parses back to the same text', () => {
    const text = 'a\x7fb\u009b31mc\u0085';
    const json = printed({ name: text });
    expect(json).toContain('a\\u007fb\\u009b31mc\\u0085');
    expect(json).not.toMatch(/[\u007f-\u009f]/);
    expect(JSON.parse(json)).toEqual({ name: text });
  });
});
