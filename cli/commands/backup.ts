import { dirname, resolve } from 'node:path';
import type { DatabaseCopySummary } from '../../shared/backend/store/sqlite/backup.js';
import { command } from '../command.js';
import type { CliContext } from '../context.js';
import { OperationError, UsageError } from '../errors.js';

/** What to do instead on Firestore, which keeps no file to copy. */
export const FIRESTORE_BACKUPS = `Firestore is backed up by Google, not by this command:
  one-off export:  gcloud firestore export gs://<bucket>/backups/$(date +%F) --project <project-id>
  daily backups:   gcloud firestore backups schedules create --database='(default)' --recurrence=daily --retention=14w --project <project-id>
  restore:         gcloud firestore import gs://<bucket>/backups/<date> --project <project-id>
See https://firebase.google.com/docs/firestore/manage-data/export-import`;

/** `shop backup FILE`: a consistent copy of the embedded store, taken while the shop runs. */
async function run(ctx: CliContext, file: string, opts: { force?: boolean }): Promise<DatabaseCopySummary> {
  if (ctx.backend !== 'sqlite') throw new UsageError(FIRESTORE_BACKUPS);
  const target = resolve(ctx.io.cwd, file);
  const [{ existsSync, statSync }, { databaseFile }, { SqliteStore }, { backupDatabase }, { asStorageFull }] =
    await Promise.all([
      import('node:fs'),
      import('../../shared/backend/config.js'),
      import('../../shared/backend/store/sqlite/sqlite-store.js'),
      import('../../shared/backend/store/sqlite/backup.js'),
      import('../../shared/backend/storage-full.js'),
    ]);
  if (target.startsWith(databaseFile(ctx))) throw new UsageError(`${file} is the shop's own database`);
  if (statSync(target, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`${file} is a folder; give the backup's file name, e.g. ${file}/shop-backup.sqlite`);
  if (existsSync(target) && !opts.force)
    throw new OperationError(`${file} already exists; add --force to overwrite it`);
  if (!existsSync(databaseFile(ctx)))
    throw new OperationError(`There is no shop database in ${ctx.dataDir} to back up`);
  const store = await ctx.store();
  if (!(store instanceof SqliteStore)) throw new UsageError(FIRESTORE_BACKUPS);
  try {
    return await backupDatabase(store.db, target);
  } catch (error) {
    if (error instanceof TypeError && /directory does not exist/.test(error.message))
      throw new OperationError(`Cannot write ${file}: its folder does not exist`);
    // The backup's own disk, not the data folder's, as the CLI would otherwise say.
    if (asStorageFull(error, dirname(target)))
      throw new OperationError(`Cannot write ${file}: its disk is full. Nothing was written.`);
    throw error;
  }
}

export const backup = command({
  run,
  async print(out, summary) {
    await out.result(summary, () => '');
    out.success(
      `Backed up ${summary.products} products, ${summary.orders} orders and ${summary.messages} messages to ${summary.file} (${kib(summary.bytes)}).`,
    );
  },
});

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;
