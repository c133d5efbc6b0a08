import { type CommandGroup, examples } from '../group.js';

/** `shop backup`. */
export const backupCommand: CommandGroup = (program, act) => {
  program
    .command('backup')
    .argument('<file>', 'where to write the copy')
    .option('--force', 'overwrite the file if it exists')
    .description(
      'write a consistent copy of the shop’s database while the shop runs (on Firestore: how to export instead)',
    )
    .addHelpText(
      'after',
      examples('backup backups/shop-2026-11-25.sqlite', 'backup nightly.sqlite --force --json'),
    )
    .action(act(async () => (await import('./backup.js')).backup));
};
