import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { execa } from 'execa';
import { main } from '../../cli/main.js';
import { packageRoot } from '../../shared/backend/paths.js';
import { TEST_PROJECT_ID } from './constants.js';

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
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
): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: stderrIsTerminal, columns: 100 });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const exitCode = await main(['node', 'shop', '--data', dataDir, ...args], {
    stdout,
    stderr,
    stdin: Readable.from([]),
    env: cliEnv(env),
    cwd: dataDir,
  });
  return { exitCode, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}

/** Spawns the built `bin/shop`, as a user or CI would run it. */
export async function shopProcess(
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<CliResult> {
  const result = await execa(join(packageRoot(), 'bin', 'shop'), args, {
    env: cliEnv(options.env),
    extendEnv: false,
    reject: false,
    input: options.input ?? '',
    cwd: options.cwd ?? tmpdir(),
  });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}
