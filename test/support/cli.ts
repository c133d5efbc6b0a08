import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { execa } from 'execa';
import type { CliCommand } from '../../cli/command.js';
import { CliContext } from '../../cli/context.js';
import { main } from '../../cli/main.js';
import type { RunState } from '../../cli/program.js';
import { packageRoot } from '../../shared/backend/paths.js';
import { TEST_PROJECT_ID } from './constants.js';

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** An in-process run also gives what the command's run returned (undefined if it did not get that far). */
export interface InProcessResult extends CliResult {
  data: unknown;
}

/** A temporary data folder, removed by `remove()`. */
export function tempDataDir(label = 'cli'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `shop-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment the CLI runs with in tests: no colour, the test project, nothing from the host. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { FIREBASE_AUTH_EMULATOR_HOST: _a, SHOP_DATA_DIR: _d, SHOP_BACKEND: _b, ...rest } = process.env;
  return { ...rest, NO_COLOR: '1', SHOP_PROJECT_ID: TEST_PROJECT_ID, ...extra };
}

/** Runs the CLI in this process (the command functions against the data folder), without a terminal. */
export async function shopInProcess(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
  { stderrIsTerminal = false } = {},
): Promise<InProcessResult> {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: stderrIsTerminal, columns: 100 });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const state: RunState = { ctx: null };
  const exitCode = await main(
    ['node', 'shop', '--data', dataDir, ...args],
    { stdout, stderr, stdin: Readable.from([]), env: cliEnv(env), cwd: dataDir },
    state,
  );
  return {
    exitCode,
    stdout: Buffer.concat(out).toString(),
    stderr: Buffer.concat(err).toString(),
    data: state.result?.data,
  };
}

/**
 * Runs the CLI in this process with stdin on a terminal (and stderr too, unless told otherwise): each
 * `[prompt, keys]` of `answers` types `keys` once stderr shows `prompt` after the previous answer.
 */
export async function shopOnTerminal(
  dataDir: string,
  args: string[],
  answers: [prompt: string, keys: string][],
  { stderrIsTerminal = true } = {},
): Promise<CliResult> {
  const tty = <T extends PassThrough>(stream: T, isTTY = true) =>
    Object.assign(stream, { isTTY, columns: 100, setRawMode: () => stream });
  const stdin = tty(new PassThrough());
  const stdout = new PassThrough();
  // like process.stderr, which inquirer's closing cannot end
  const stderr = Object.assign(tty(new PassThrough(), stderrIsTerminal), { end: () => stderr });
  const out: Buffer[] = [];
  const pending = [...answers];
  let err = '';
  let answered = 0;
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => {
    err += c.toString();
    const next = pending[0];
    if (next && err.slice(answered).includes(next[0])) {
      pending.shift();
      answered = err.length;
      // after the prompt has drawn itself and then started listening for keys
      setImmediate(() => stdin.write(next[1]));
    }
  });
  const exitCode = await main(['node', 'shop', '--data', dataDir, ...args], {
    stdout,
    stderr,
    stdin,
    env: cliEnv(),
    cwd: dataDir,
  });
  return { exitCode, stdout: Buffer.concat(out).toString(), stderr: err };
}

/** Spawns the built `bin/shop`, as a user or CI would run it. */
export async function shopProcess(
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string; exactOutput?: boolean } = {},
): Promise<CliResult> {
  const result = await execa(join(packageRoot(), 'bin', 'shop'), args, {
    env: cliEnv(options.env),
    stripFinalNewline: options.exactOutput !== true,
    extendEnv: false,
    reject: false,
    input: options.input ?? '',
    cwd: options.cwd ?? tmpdir(),
  });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The built `bin/shop` in a process group of its own, so that a kill reaches all of it. */
export function spawnShop(args: string[]): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(join(packageRoot(), 'bin', 'shop'), args, {
    env: cliEnv(),
    stdio: 'ignore',
    detached: true,
  });
  return { child, exited: once(child, 'exit').then(([code]) => code as number | null) };
}

/**
 * Calls a command's run directly against the data folder, as program.ts does, without a terminal;
 * what it wrote to stdout (a run returns its data and prints nothing) and stderr come back too.
 */
export async function runCommand<Args extends unknown[], Data>(
  dataDir: string,
  command: CliCommand<Args, Data>,
  args: Args,
  env: Record<string, string> = {},
): Promise<{ data: Data; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const io = { stdout, stderr, stdin: Readable.from([]), env: cliEnv(env), cwd: dataDir };
  const ctx = new CliContext(io, { data: dataDir });
  let data: Data;
  try {
    data = await command.run(ctx, ...args);
  } finally {
    await ctx.close();
  }
  await new Promise((resolve) => setImmediate(resolve)); // what was written has been read
  return { data, stdout: out, stderr: err };
}

/**
 * What a `--json` run printed, parsed: for commands that stream their data from the store as they
 * print it (products list, export) and so return no array of it.
 */
export function printedJson<T>(result: CliResult): T {
  if (result.exitCode !== 0) throw new Error(`exit ${result.exitCode}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
