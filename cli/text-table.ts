/// <reference path="./cli-table3-utils.d.ts" />
import tableUtils from 'cli-table3/src/utils.js';
import { visible } from './terminal-text.js';

export type Cell = string | number | boolean | null;

/**
 * Rows a streamed table measures its column widths on: a list this long or shorter looks as a whole table does.
 * @internal
 */
export const MEASURED_ROWS = 1000;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Terminal columns: wide (CJK) and zero-width characters counted as cli-table3 counts them. */
const widthOf = (line: string) => (PRINTABLE_ASCII.test(line) ? line.length : tableUtils.strlen(line));
const linesOf = (text: string) => (text.includes('\n') ? text.split('\n') : [text]);

/** A line cut into pieces of at most `width` columns (a character wider than the column gets one of its own). */
function wrapped(line: string, width: number): string[] {
  if (widthOf(line) <= width) return [line];
  if (PRINTABLE_ASCII.test(line))
    return Array.from({ length: Math.ceil(line.length / width) }, (_, i) =>
      line.slice(i * width, (i + 1) * width),
    );
  const pieces: string[] = [];
  let piece = '';
  for (const char of line) {
    if (piece && widthOf(piece + char) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return [...pieces, piece];
}

// a tab would move the rest of the line to the next tab stop, out of its column
const cellText = (cell: Cell | undefined) =>
  cell === null || cell === undefined ? '' : visible(String(cell)).replace(/\t/g, ' ');

/** The columns' widths and how a row, a rule and a whole table look in cli-table3's style. */
class Layout {
  readonly widths: number[];

  constructor(
    readonly head: string[],
    private readonly colourHead: (title: string) => string,
  ) {
    this.widths = head.map(widthOf);
  }

  /** The row's cells as text. */
  cells(row: Cell[]): string[] {
    return this.head.map((_, column) => cellText(row[column]));
  }

  /** The row's cells as text, the widths grown to fit them. */
  measured(row: Cell[]): string[] {
    const cells = this.cells(row);
    for (const [column, text] of cells.entries())
      for (const line of linesOf(text)) this.widths[column] = Math.max(this.widths[column]!, widthOf(line));
    return cells;
  }

  rule(left: string, middle: string, right: string): string {
    return `${left}${this.widths.map((width) => '─'.repeat(width + 2)).join(middle)}${right}\n`;
  }

  /** A row's lines: a cell wider than its column (a row after the measured ones) wraps within it. */
  *row(cells: string[], colour: (text: string) => string = (text) => text): Generator<string> {
    const split = cells.map((text, column) =>
      linesOf(text).flatMap((line) => wrapped(line, this.widths[column]!)),
    );
    const height = Math.max(...split.map((lines) => lines.length));
    for (let line = 0; line < height; line++) {
      const padded = split.map((lines, column) => {
        const text = lines[line] ?? '';
        return ` ${colour(text)}${' '.repeat(this.widths[column]! - widthOf(text))} `;
      });
      yield `│${padded.join('│')}│\n`;
    }
  }

  *top(): Generator<string> {
    yield this.rule('┌', '┬', '┐');
    yield* this.row(this.head, this.colourHead);
  }

  between(): string {
    return this.rule('├', '┼', '┤');
  }

  *body(rows: Iterable<string[]>): Generator<string> {
    const between = this.between();
    for (const cells of rows) {
      yield between;
      yield* this.row(cells);
    }
  }

  bottom(): string {
    return this.rule('└', '┴', '┘');
  }
}

/**
 * A bordered table in cli-table3's look (a rule between rows, cells padded by one space), without
 * its cost, which grows with the square of the rows: the column widths are measured in one pass and
 * the table is produced line by line.
 */
export class TextTable {
  private readonly layout: Layout;
  private readonly rows: string[][];

  constructor(head: string[], rows: Cell[][], colourHead: (title: string) => string) {
    this.layout = new Layout(head, colourHead);
    this.rows = rows.map((row) => this.layout.measured(row));
  }

  /** The whole table as one string, as cli-table3's toString() gave it (for text that embeds a table). */
  toString(): string {
    return [...this.lines()].join('').slice(0, -1);
  }

  /** The table, a line at a time, each ending in a newline. */
  *lines(): Generator<string> {
    yield* this.layout.top();
    yield* this.layout.body(this.rows);
    yield this.layout.bottom();
  }
}

/**
 * The table of rows that arrive one after another (read from the store a page at a time), printed as
 * they come: the widths are those of the first MEASURED_ROWS rows, so a list that short looks exactly
 * as a TextTable of it; a later cell wider than its column wraps onto more lines of its row. No rows,
 * no table.
 */
export async function* streamedTableLines(
  head: string[],
  rows: AsyncIterable<Cell[]>,
  colourHead: (title: string) => string,
): AsyncGenerator<string> {
  const layout = new Layout(head, colourHead);
  const measured: string[][] = [];
  const iterator = rows[Symbol.asyncIterator]();
  let next = await iterator.next();
  for (; !next.done && measured.length < MEASURED_ROWS; next = await iterator.next())
    measured.push(layout.measured(next.value));
  if (measured.length === 0) return;
  yield* layout.top();
  yield* layout.body(measured);
  const between = layout.between();
  for (; !next.done; next = await iterator.next()) {
    yield between;
    yield* layout.row(layout.cells(next.value));
  }
  yield layout.bottom();
}
