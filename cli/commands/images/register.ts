import { type CommandGroup, examples } from '../group.js';

/** The `images` group: prune. */
export const imagesGroup: CommandGroup = (program, act) => {
  program
    .command('images')
    .description('product images in the data folder, or the bucket with --backend firestore')
    .command('prune')
    .description(
      'remove images and COA PDFs no product or lot uses that were stored over 24 h ago (the running shop does this daily)',
    )
    .option('--dry-run', 'list them and remove nothing')
    .option('--grace <duration>', 'keep unused images younger than this, e.g. 24h, 90m, 2d', '24h')
    .addHelpText('after', examples('images prune --dry-run', 'images prune --grace 7d --json'))
    .action(act(async () => (await import('./prune.js')).pruneImages));
};
