import { existsSync, renameSync, rmSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** What the Auth emulator's `--import` reads: the same layout firebase-tools' own export writes. */
export interface AuthExport {
  /** The body of `accounts:batchGet?maxResults=-1`. */
  accounts: string;
  /** The body of `/emulator/v1/projects/<id>/config`. */
  config: string;
  /** firebase-tools' version, which the metadata file names. */
  cliVersion: string;
}

const METADATA = 'firebase-export-metadata.json';
const next = (folder: string) => `${folder}.next`;
const previous = (folder: string) => `${folder}.prev`;
// Written last: a folder holding it is complete.
const isComplete = (folder: string) => existsSync(join(folder, METADATA));

/**
 * Replaces the export folder with a new one, never leaving a half export where the emulator's next
 * `--import` would read it: the new folder is written and synced beside it, then renamed in. Two
 * renames (a folder cannot be renamed over a non-empty one), so a crash between them leaves the
 * complete `.next` folder, which {@link recoverAuthExport} puts in place.
 */
export async function writeAuthExport(folder: string, data: AuthExport): Promise<void> {
  const staging = next(folder);
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, 'auth_export'), { recursive: true });
  await writeSynced(join(staging, 'auth_export', 'accounts.json'), data.accounts);
  await writeSynced(join(staging, 'auth_export', 'config.json'), data.config);
  await syncFolder(join(staging, 'auth_export'));
  const metadata = { version: data.cliVersion, auth: { version: data.cliVersion, path: 'auth_export' } };
  await writeSynced(join(staging, METADATA), JSON.stringify(metadata, undefined, 2));
  await syncFolder(staging);
  await rm(previous(folder), { recursive: true, force: true });
  if (existsSync(folder)) await rename(folder, previous(folder));
  await rename(staging, folder);
  await syncFolder(dirname(folder));
  await rm(previous(folder), { recursive: true, force: true });
}

/** Before an import: finishes or undoes an export that a crash interrupted. */
export function recoverAuthExport(folder: string): void {
  if (!isComplete(folder)) {
    const complete = [next(folder), previous(folder)].find(isComplete);
    if (complete) {
      rmSync(folder, { recursive: true, force: true });
      renameSync(complete, folder);
    }
  }
  rmSync(next(folder), { recursive: true, force: true });
  rmSync(previous(folder), { recursive: true, force: true });
}

export const hasAuthExport = isComplete;

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
