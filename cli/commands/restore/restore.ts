import { resolve } from 'node:path';
import { MANAGED_BACKUPS } from '../../../shared/backend/store/backup-unsupported-error.js';
import type { RestoreSummary } from '../../../shared/backend/store/sqlite/backup.js';
import { command } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';

/**
 * `shop restore FILE`: puts a backup back as the shop's database, only while no shop runs on the data
 * folder (a running shop would keep writing to the file it has open, the replaced one).
 */
async function run(ctx: CliContext, file: string): Promise<RestoreSummary> {
  if (ctx.backend !== 'sqlite') throw new UsageError(MANAGED_BACKUPS);
  const [{ mkdirSync }, { databaseFile }, { runningShops }, { BackupError, restoreDatabase }] =
    await Promise.all([
      import('node:fs'),
      import('../../../shared/backend/config.js'),
      import('../../../shared/backend/running-shop.js'),
      import('../../../shared/backend/store/sqlite/backup.js'),
    ]);
  const running = runningShops(ctx.dataDir);
  if (running.length > 0)
    throw new OperationError(
      `A shop is running on ${ctx.dataDir} (pid ${running.join(', ')}); stop it (Ctrl-C) and run the restore again. Nothing was changed.`,
    );
  mkdirSync(ctx.dataDir, { recursive: true });
  try {
    return await restoreDatabase(resolve(ctx.io.cwd, file), databaseFile(ctx));
  } catch (error) {
    if (error instanceof BackupError) throw new OperationError(`${error.message}. Nothing was changed.`);
    throw error;
  }
}

export const restore = command({
  run,
  async print(out, summary) {
    await out.result(summary, () => '');
    out.success(
      `Restored ${summary.products} products, ${summary.orders} orders and ${summary.messages} messages from ${summary.file}.`,
    );
    if (summary.keptAs) out.info(`The database it replaced is kept as ${summary.keptAs}.`);
  },
});
