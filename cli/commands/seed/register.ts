import { type CommandGroup, examples } from '../group.js';

/** `shop seed`. */
export const seedCommand: CommandGroup = (program, act) => {
  program
    .command('seed')
    .description('fill the store with deterministic test data (same --seed, same data)')
    .option('--products <n>', 'products to add', '20')
    .option('--users <n>', 'customer accounts to create in Auth', '0')
    .option('--orders <n>', 'orders to place for those customers', '0')
    .option('--seed <s>', 'seed of the generator', '1')
    .option('--reset', 'empty the store first')
    .option('--force', 'allow --reset on a hosted backend')
    .addHelpText(
      'after',
      examples('seed --products 50 --seed 42 --reset', 'seed --users 3 --orders 10 --seed ci'),
    )
    .action(act(async () => (await import('./seed.js')).seed));
};
