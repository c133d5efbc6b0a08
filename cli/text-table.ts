/// <reference path="./cli-table3-utils.d.ts" />
import tableUtils from 'cli-table3/src/utils.js';
import { visible } from './terminal-text.js';

export type Cell = string | number | boolean | null;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Terminal columns: wide (CJK) and zero-width characters counted as cli-table3 counts them. */
const widthOf = (line: string) => (PRINTABLE_ASCII.test(line) ? line.length : tableUtils.strlen(line));
const linesOf = (text: string) => (text.includes('\n') ? text.split('\n') : [text]);

/**
 * A bordered table in cli-table3's look (a rule between rows, cells padded by one space), without
 * its cost, which grows with the square of the rows: the column widths are measured in one pass and
 * the table is produced line by line, so 100,000 rows stream out in about a second.
 */
export class TextTable {
  private readonly widths: number[];
  private readonly rows: string[][];

  constructor(
    private readonly head: string[],
    rows: Cell[][],
    private readonly colourHead: (title: string) => string,
  ) {
    const widths = head.map(widthOf);
    this.rows = rows.map((row) =>
      head.map((_, column) => {
        const cell = row[column];
        // a tab would move the rest of the line to the next tab stop, out of its column
        const text = cell === null || cell === undefined ? '' : visible(String(cell)).replace(/\t/g, ' ');
        for (const line of linesOf(text)) widths[column] = Math.max(widths[column]!, widthOf(line));
        return text;
      }),
    );
    this.widths = widths;
  }

  private rule(left: string, middle: string, right: string): string {
    return `${left}${this.widths.map((width) => '─'.repeat(width + 2)).join(middle)}${right}\n`;
  }

  private *row(cells: string[], colour: (text: string) => string = (text) => text): Generator<string> {
    const split = cells.map(linesOf);
    const height = Math.max(...split.map((lines) => lines.length));
    for (let line = 0; line < height; line++) {
      const padded = split.map((lines, column) => {
        const text = lines[line] ?? '';
        return ` ${colour(text)}${' '.repeat(this.widths[column]! - widthOf(text))} `;
      });
      yield `│${padded.join('│')}│\n`;
    }
  }

  /** The whole table as one string, as cli-table3's toString() gave it (for text that embeds a table). */
  toString(): string {
    return [...this.lines()].join('').slice(0, -1);
  }

  /** The table, a line at a time, each ending in a newline. */
  *lines(): Generator<string> {
    yield this.rule('┌', '┬', '┐');
    yield* this.row(this.head, this.colourHead);
    const between = this.rule('├', '┼', '┤');
    for (const cells of this.rows) {
      yield between;
      yield* this.row(cells);
    }
    yield this.rule('└', '┴', '┘');
  }
}
