import type { Readable, Writable } from 'node:stream';

/** The process's streams and environment, injectable so tests can run the CLI in-process. */
export interface CliIo {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export const processIo = (): CliIo => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
