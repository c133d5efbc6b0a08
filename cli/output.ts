import { Chalk, type ChalkInstance } from 'chalk';
import type { CliIo } from './io.js';

export interface OutputOptions {
  json: boolean;
  quiet: boolean;
  /** false for --no-color; NO_COLOR and a non-terminal also turn colour off. */
  color: boolean;
}

type Cell = string | number | boolean | null;

/** Data goes to stdout (text or, with --json, JSON); messages go to stderr. */
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

  /** Prints a command's result: as JSON with --json, else as the text `render` makes of it. */
  async result<T>(data: T, render: (data: T) => string | Promise<string>): Promise<void> {
    const text = this.options.json ? JSON.stringify(data, null, 2) : await render(data);
    if (text) this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  info(message: string): void {
    if (!this.options.quiet) this.io.stderr.write(`${message}\n`);
  }

  success(message: string): void {
    this.info(this.err.green(message));
  }

  warn(message: string): void {
    this.io.stderr.write(`${this.err.yellow(message)}\n`);
  }

  error(message: string): void {
    this.io.stderr.write(`${this.err.red(message)}\n`);
  }

  /** A table for stdout; cli-table3 is loaded only by commands that print one. */
  async table(head: string[], rows: Cell[][]): Promise<string> {
    const { default: Table } = await import('cli-table3');
    // Colour comes from our chalk, not cli-table3's own detection, which reads TERM and CI at load time.
    const table = new Table({
      head: head.map((title) => this.out.cyan(title)),
      style: { head: [], border: [] },
    });
    table.push(...rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell)))));
    return table.toString();
  }
}
