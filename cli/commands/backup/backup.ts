import { dirname, resolve } from 'node:path';
import {
  BackupUnsupportedError,
  MANAGED_BACKUPS,
} from '../../../shared/backend/store/backup-unsupported-error.js';
import type { StoreBackupSummary } from '../../../shared/backend/store/port.js';
import { command } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';

/** `shop backup FILE`: a consistent copy of the embedded store, taken while the shop runs. */
async function run(ctx: CliContext, file: string, opts: { force?: boolean }): Promise<StoreBackupSummary> {
  // Said before Firestore is opened (up to 10 s without credentials); its store would say the same.
  if (ctx.backend !== 'sqlite') throw new UsageError(MANAGED_BACKUPS);
  const target = resolve(ctx.io.cwd, file);
  const [{ existsSync, statSync }, { databaseFile }, { asStorageFull }] = await Promise.all([
    import('node:fs'),
    import('../../../shared/backend/config.js'),
    import('../../../shared/backend/storage-full.js'),
  ]);
  if (target.startsWith(databaseFile(ctx))) throw new UsageError(`${file} is the shop's own database`);
  if (statSync(target, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`${file} is a folder; give the backup's file name, e.g. ${file}/shop-backup.sqlite`);
  if (existsSync(target) && !opts.force)
    throw new OperationError(`${file} already exists; add --force to overwrite it`);
  if (!existsSync(databaseFile(ctx)))
    throw new OperationError(`There is no shop database in ${ctx.dataDir} to back up`);
  const store = await ctx.store();
  try {
    return await store.backup(target);
  } catch (error) {
    if (error instanceof BackupUnsupportedError) throw new UsageError(error.message);
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
