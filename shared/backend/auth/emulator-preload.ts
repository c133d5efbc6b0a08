import { join } from 'node:path';

/** The child's end of the pipe to the process that started the emulator. */
export const PARENT_PIPE_FD = 3;
/** Requests carrying this header only read the accounts, so they do not count as changes. */
export const READ_ONLY_HEADER = 'x-shop-export-read';
// Reads firebase-admin makes often (verifyIdToken with checkRevoked looks the user up).
const READS = '/accounts:(lookup|query|batchGet)(\\?|$)';
/** What the emulator writes to the pipe each time it has answered a request that may change accounts. */
export const CHANGED = 'c';

// Runs inside the emulator before firebase-tools. When the pipe closes (the process that started it
// ended in any way, SIGKILL included: the kernel closes a dead process's files) the emulator exits
// and frees its port; Node cannot reach Linux's PR_SET_PDEATHSIG. Each answered request is told
// through the pipe, so the accounts are read only after something may have changed them (sign-ups
// from the web SDK never pass through the shop) — every request but known reads, since even some GETs
// change accounts (the emulator's e-mail action links). The signal is sent once the answer is
// complete, when the change has been applied.
//
// Accounts come back on the next start through the emulator's import (accounts:batchCreate), which
// dates every account's sessions from the import (validSince = now): each ID token issued before is
// then refused as TOKEN_EXPIRED (by the web SDK's look-up at page load, which signs the shopper out,
// and by the shop's revocation checks). The import keeps the validSince each account was exported
// with, as Firebase Auth's own account upload does, so a restart signs no one out.
const preload = (operations: string) => `
import { Server } from 'node:http';
import { createRequire } from 'node:module';
const accountTables = (ops) => [ops.projects.accounts, ops.projects.tenants.accounts];
for (const table of accountTables(createRequire(${JSON.stringify(operations)})(${JSON.stringify(operations)}).authOperations.identitytoolkit)) {
  const batchCreate = table.batchCreate;
  table.batchCreate = function (state, body) {
    const answer = batchCreate.apply(this, arguments);
    for (const given of body?.users ?? []) {
      const user = given.validSince && state.getUserByLocalId(given.localId);
      if (user) user.validSince = given.validSince;
    }
    return answer;
  };
}
import { Socket } from 'node:net';
const parent = new Socket({ fd: ${PARENT_PIPE_FD}, readable: true, writable: true });
parent.unref();
parent.resume();
parent.on('close', () => process.exit(0));
parent.on('error', () => process.exit(0));
const reads = new RegExp(${JSON.stringify(READS)});
const emit = Server.prototype.emit;
Server.prototype.emit = function (event, request, response) {
  if (event === 'request' && !request.headers['${READ_ONLY_HEADER}'] && !reads.test(request.url))
    response.once('finish', () => parent.write('${CHANGED}'));
  return emit.apply(this, arguments);
};
`;

/**
 * Node arguments that load the preload above into the emulator of the firebase-tools at `toolsDir`;
 * the child needs a pipe at {@link PARENT_PIPE_FD}.
 */
export function emulatorPreloadArgs(toolsDir: string): string[] {
  const operations = join(toolsDir, 'lib', 'emulator', 'auth', 'operations.js');
  return [
    '--import',
    `data:text/javascript,${encodeURIComponent(preload(operations).replace(/\n\s*/g, ''))}`,
  ];
}
