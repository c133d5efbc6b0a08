import { createRequire } from 'node:module';
import type * as Commander from 'commander';

// Required, not imported: importing commander's ESM wrapper makes Node lex its CommonJS source for
// named exports, about a tenth of `shop --help`'s start-up.
const commander = createRequire(import.meta.url)('commander') as typeof Commander;

export const { Command, Option, CommanderError } = commander;
export type Command = Commander.Command;
