import type { CliContext } from './context.js';
import type { Output } from './output.js';

/**
 * One CLI command. `run` does the work and returns its result as plain data (what the tests check);
 * `print` shows that result: `out.result(data, render)` writes it as JSON with --json, else as the
 * text or table `render` makes, and messages go to stderr. `print` may end with an ExitError when the
 * result is a failure (an import with bad rows), after showing it. `args` are commander's: the
 * command's arguments, then its options.
 */
export interface CliCommand<Args extends unknown[], Data> {
  run(ctx: CliContext, ...args: Args): Promise<Data>;
  print(out: Output, data: NoInfer<Data>, ...args: Args): Promise<void>;
}

/** Declares a command, its types checked between `run` and `print`. */
export const command = <Args extends unknown[], Data>(c: CliCommand<Args, Data>): CliCommand<Args, Data> => c;

/** "1 product", "3 products". */
export const counted = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;
