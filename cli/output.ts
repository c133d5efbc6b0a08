import { Chalk, type ChalkInstance } from 'chalk';
import type { CliIo } from './io.js';
import { writeAll } from './streams.js';
import { escapeJsonControls, visible } from './terminal-text.js';
import type { Cell, TextTable } from './text-table.js';

export interface OutputOptions {
  json: boolean;
  quiet: boolean;
  /** false for --no-color; NO_COLOR and a non-terminal also turn colour off. */
  color: boolean;
}

/** What a command's text rendering may be: text (of any origin), or a table (its cells made visible). */
export type Rendered = string | TextTable;

/**
 * JSON.stringify(value, null, 2), an array's items one at a time (the same text), so a list of
 * 100,000 products is never one huge string.
 * @internal
 */
export function* jsonPieces(value: unknown): Generator<string> {
  const json = (item: unknown) => escapeJsonControls(JSON.stringify(item, null, 2) ?? 'null');
  if (!Array.isArray(value) || value.length === 0) {
    yield `${json(value)}\n`;
    return;
  }
  yield '[\n';
  for (const [i, item] of value.entries())
    yield `  ${json(item).replace(/\n/g, '\n  ')}${i < value.length - 1 ? ',' : ''}\n`;
  yield ']\n';
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/**
 * Data goes to stdout (text or, with --json, JSON); messages go to stderr. Everything printed passes
 * through here, so stored text reaches a terminal with its control characters made visible.
 */
export class Output {
  /** Colours for stdout and stderr, each off unless that stream is a terminal. */
  readonly out: ChalkInstance;
  readonly err: ChalkInstance;

  constructor(
    private readonly io: CliIo,
    readonly options: OutputOptions,
  ) {
    const wants = options.color && !io.env.NO_COLOR;
    const level = (tty: boolean | undefined) => (wants && (tty || io.env.FORCE_COLOR) ? 1 : 0);
    this.out = new Chalk({ level: level(io.stdout.isTTY) });
    this.err = new Chalk({ level: level(io.stderr.isTTY) });
  }

  get json(): boolean {
    return this.options.json;
  }

  /** Prints a command's result: as JSON with --json, else as the text or table `render` makes of it. */
  async result<T>(data: T, render: (data: T) => Rendered | Promise<Rendered>): Promise<void> {
    if (this.options.json) return writeAll(this.io.stdout, jsonPieces(data));
    const rendered = await render(data);
    if (typeof rendered !== 'string') return writeAll(this.io.stdout, rendered.lines());
    if (rendered) await writeAll(this.io.stdout, [withNewline(visible(rendered))]);
  }

  /**
   * A data file's text (CSV) on stdout, as it is: a pipe or a file gets exactly what an export to
   * a file would hold. Only a terminal, which would act on control characters, gets them visible.
   */
  data(pieces: Iterable<string> | AsyncIterable<string>): Promise<void> {
    if (!this.io.stdout.isTTY) return writeAll(this.io.stdout, pieces);
    async function* shown() {
      for await (const piece of pieces) yield visible(piece.replace(/\r\n/g, '\n'));
    }
    return writeAll(this.io.stdout, shown());
  }

  private message(text: string, colour: (text: string) => string = (t) => t): void {
    this.io.stderr.write(`${colour(visible(text))}\n`);
  }

  info(message: string): void {
    if (!this.options.quiet) this.message(message);
  }

  success(message: string): void {
    if (!this.options.quiet) this.message(message, this.err.green);
  }

  warn(message: string): void {
    this.message(message, this.err.yellow);
  }

  error(message: string): void {
    this.message(message, this.err.red);
  }

  /**
   * Prints items that come a page at a time as they come: with --json one JSON array (the text
   * `result` would print for them all), else a bordered table, a row per item.
   */
  async items<T>(pages: AsyncIterable<T[]>, head: string[], row: (item: T) => Cell[]): Promise<void> {
    if (this.options.json) {
      const { jsonArrayPieces } = await import('./export/json-array.js');
      return writeAll(this.io.stdout, jsonArrayPieces(pages));
    }
    const { streamedTableLines } = await import('./text-table.js');
    async function* rows() {
      for await (const page of pages) for (const item of page) yield row(item);
    }
    return writeAll(
      this.io.stdout,
      streamedTableLines(head, rows(), (title) => this.out.cyan(title)),
    );
  }

  /** A bordered table for stdout (loaded only by commands that print one). */
  async table(head: string[], rows: Cell[][]): Promise<TextTable> {
    const { TextTable } = await import('./text-table.js');
    // Colour comes from our chalk, which knows whether stdout is a terminal.
    return new TextTable(head, rows, (title) => this.out.cyan(title));
  }
}
