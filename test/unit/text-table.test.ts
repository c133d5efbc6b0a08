import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';
import { type Cell, TextTable } from '../../cli/text-table.js';

/** What cli-table3 prints for the same table, as the shop's tables looked before they streamed. */
function cliTable3(head: string[], rows: Cell[][]): string {
  const table = new Table({ head, style: { head: [], border: [] } });
  table.push(...rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))));
  return `${table.toString()}\n`;
}

const streamed = (head: string[], rows: Cell[][], colour = (title: string) => title) =>
  [...new TextTable(head, rows, colour).lines()].join('');

describe('the CLI table', () => {
  it('looks exactly as cli-table3 drew it: borders, a rule between rows, padded cells', () => {
    const head = ['id', 'name', 'price', 'available', 'stock'];
    const rows: Cell[][] = [
      ['a1', 'BPC-157 5mg', '$39.99', 'yes', 120],
      ['b2', 'TB-500 2mg', '$29.00', 'no', '—'],
      ['c3', '', '$1.00', true, null],
    ];
    expect(streamed(head, rows)).toBe(cliTable3(head, rows));
    expect(`${new TextTable(head, rows, (t) => t)}\n`).toBe(cliTable3(head, rows));
  });

  it('measures wide characters, emoji and accents in terminal columns, as cli-table3 does', () => {
    const head = ['name', 'brand'];
    const rows: Cell[][] = [
      ['日本語の名前', 'Hélix'],
      ['Peptide 🧪', 'e\u0301 combining'],
    ];
    expect(streamed(head, rows)).toBe(cliTable3(head, rows));
  });

  it('gives a cell with several lines as many table lines', () => {
    const rows: Cell[][] = [
      ['1', 'first line\nsecond, longer line'],
      ['2', 'one'],
    ];
    expect(streamed(['#', 'message'], rows)).toBe(cliTable3(['#', 'message'], rows));
  });

  it('prints just the head of an empty table, and an empty column two spaces wide', () => {
    expect(streamed(['id', 'name'], [])).toBe(cliTable3(['id', 'name'], []));
    expect(streamed(['', 'added'], [['', 1]])).toBe(cliTable3(['', 'added'], [['', 1]]));
  });

  it('colours only the titles, keeping the columns aligned', () => {
    const cyan = (title: string) => `\x1b[36m${title}\x1b[39m`;
    const lines = streamed(['id', 'name'], [['1', 'a longer name']], cyan).split('\n');
    expect(lines[1]).toBe(`│ ${cyan('id')} │ ${cyan('name')}          │`);
    expect(lines[3]).toBe('│ 1  │ a longer name │');
  });

  it('shows control characters in cells visibly, and a tab as a space, so no cell breaks the borders', () => {
    const lines = streamed(['name'], [['\x1b[2Jwiped\tout']]).split('\n');
    expect(lines[3]).toBe('│ \\x1b[2Jwiped out │');
    expect(new Set(lines.slice(0, -1).map((line) => line.length)).size).toBe(1);
  });
});
