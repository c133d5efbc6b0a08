import type { CliCommand } from '../command.js';
import type { Command } from '../commander.js';

// biome-ignore lint/suspicious/noExplicitAny: commander hands actions untyped arguments
type AnyCommand = CliCommand<any[], any>;

/**
 * Makes a command's commander action from a loader of its `run`/`print`, which is called (and so
 * the command's module, and the heavy libraries it needs, imported) only when the command runs.
 */
export type Act = (
  // biome-ignore lint/suspicious/noExplicitAny: the command's arguments, then its options, as commander gives them
  load: (...commandArgs: any[]) => Promise<AnyCommand>,
) => (...args: unknown[]) => Promise<void>;

/** Adds a command group (or a command of its own, like `backup`) to the program: its options, help and examples. */
export type CommandGroup = (program: Command, act: Act) => void;

/** Help text listing a command's own examples. */
export const examples = (...lines: string[]) =>
  `\nExamples:\n${lines.map((l) => `  $ shop ${l}`).join('\n')}`;

/** Collects a repeated option's values. */
export const repeated = (value: string, previous: string[] = []) => [...previous, value];
