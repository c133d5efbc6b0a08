import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../cli/commander.js';
import { main } from '../../cli/main.js';
import { buildProgram } from '../../cli/program.js';

/** Every command's path below `shop`, groups before their subcommands, as the program declares them. */
function commandPaths(command: Command, path: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const subPath = [...path, sub.name()];
    return [subPath, ...commandPaths(sub, subPath)];
  });
}

/** What `shop <path> --help` prints, and its exit code, run in this process. */
async function help(path: string[]): Promise<{ exitCode: number; stdout: string }> {
  const stdout = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const exitCode = await main(['node', 'shop', ...path, '--help'], {
    stdout,
    stderr: new PassThrough(),
    stdin: Readable.from([]),
    env: { NO_COLOR: '1' },
    cwd: process.cwd(),
  });
  return { exitCode, stdout: Buffer.concat(chunks).toString() };
}

// Commander wraps help to the width of process.stdout when it is a terminal: the snapshot is of a pipe's.
const wasTerminal = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
beforeAll(() => {
  Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
});
afterAll(() => {
  if (wasTerminal) Object.defineProperty(process.stdout, 'isTTY', wasTerminal);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});

describe('shop --help of every command', () => {
  it('is what the snapshot holds, to the character (update it with `vitest -u` only when help should change)', async () => {
    const io = {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      stdin: Readable.from([]),
      env: {},
      cwd: '.',
    };
    const paths = [[], ...commandPaths(buildProgram(io, '0.0.0', { ctx: null }))];
    expect(paths.length).toBeGreaterThan(50);
    const sections: string[] = [];
    for (const path of paths) {
      const { exitCode, stdout } = await help(path);
      expect(exitCode, path.join(' ')).toBe(0);
      expect(stdout, path.join(' ')).toContain(`Usage: ${['shop', ...path].join(' ')}`);
      sections.push(`===== shop ${[...path, '--help'].join(' ')}\n${stdout}`);
    }
    await expect(sections.join('\n')).toMatchFileSnapshot('__snapshots__/cli-help.txt');
  });
});
