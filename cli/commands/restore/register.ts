import { type CommandGroup, examples } from '../group.js';

/** `shop restore`. */
export const restoreCommand: CommandGroup = (program, act) => {
  program
    .command('restore')
    .argument('<file>', 'a copy written by shop backup')
    .description(
      'put a backup back as the shop’s database (stop the shop first); the replaced one is kept beside it',
    )
    .addHelpText('after', examples('restore backups/shop-2026-11-25.sqlite'))
    .action(act(async () => (await import('./restore.js')).restore));
};
