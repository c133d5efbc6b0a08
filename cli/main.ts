import { readFileSync } from 'node:fs';
import { CommanderError } from './commander.js';
import { ExitError, OperationError } from './errors.js';
import { type CliIo, processIo } from './io.js';
import { buildProgram, type RunState } from './program.js';
import { flushed, writeFailure } from './streams.js';
import { visible } from './terminal-text.js';

function packageVersion(): string {
  // dist/node/cli/main.js when built, cli/main.ts under the tests: the manifest is two or three up.
  for (const up of ['../../../package.json', '../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8'));
      if (manifest.name === 'peptide-shop') return manifest.version;
    } catch {
      // not this one
    }
  }
  return '0.0.0';
}

/**
 * Runs the shop CLI and resolves with the exit code (0 done, 1 the operation failed, 2 usage error)
 * once all of its output has reached stdout's and stderr's readers, so exiting then cuts nothing.
 * `state` receives what the command's run returned (tests read it).
 */
export async function main(
  argv: string[],
  io: CliIo = processIo(),
  state: RunState = { ctx: null },
): Promise<number> {
  const stdoutFailure = writeFailure(io.stdout);
  writeFailure(io.stderr); // a closed stderr ends nothing either: there is just no one to tell
  const program = buildProgram(io, packageVersion(), state);
  let code = 0;
  try {
    await program.parseAsync(argv);
  } catch (error) {
    code = await report(error, io, state.ctx?.dataDir);
  } finally {
    try {
      await state.ctx?.close();
    } catch (error) {
      code ||= await report(error, io, state.ctx?.dataDir);
    }
  }
  await flushed(io.stdout);
  const failure = stdoutFailure();
  if (failure) {
    const failed = await report(
      new OperationError(`the output was not all written (${failure.message})`),
      io,
      undefined,
    );
    code ||= failed;
  }
  await flushed(io.stderr);
  return code;
}

/** google-auth-library's words when it finds no credentials, and what the operator can do about it. */
const NO_CREDENTIALS = /Could not load the default credentials/;
const NO_CREDENTIALS_HELP =
  'no Google credentials for the firestore backend. Run `gcloud auth application-default login`, or set ' +
  'GOOGLE_APPLICATION_CREDENTIALS to a service-account key file (or FIRESTORE_EMULATOR_HOST to use an emulator).';

async function report(error: unknown, io: CliIo, dataDir: string | undefined): Promise<number> {
  // commander has already printed its own message (or the help / version asked for)
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  const { asStorageFull } = await import('../shared/backend/storage-full.js');
  if (asStorageFull(error, dataDir)) {
    io.stderr.write(
      `shop: the disk holding ${dataDir ?? 'the data folder'} is full; nothing was saved. Free some space on it and run the command again.\n`,
    );
    return 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`shop: ${NO_CREDENTIALS.test(message) ? NO_CREDENTIALS_HELP : visible(message)}\n`);
  if (error instanceof ExitError) return error.exitCode;
  const { ShopError } = await import('../shared/domain/errors.js');
  if (error instanceof ShopError) return 1;
  if (io.env.SHOP_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return 1;
}
