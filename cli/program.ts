import { Command, Option } from './commander.js';
import { adminsGroup } from './commands/admins/register.js';
import { auditGroup } from './commands/audit/register.js';
import { backupCommand } from './commands/backup/register.js';
import { discountsGroup } from './commands/discounts/register.js';
import type { Act, CommandGroup } from './commands/group.js';
import { imagesGroup } from './commands/images/register.js';
import { limitsGroup } from './commands/limits/register.js';
import { lotsGroup } from './commands/lots/register.js';
import { mailGroup } from './commands/mail/register.js';
import { messagesGroup } from './commands/messages/register.js';
import { ordersGroup } from './commands/orders/register.js';
import { productsGroup } from './commands/products/register.js';
import { shippingGroup, taxGroup } from './commands/rates/register.js';
import { reportGroup } from './commands/report/register.js';
import { restoreCommand } from './commands/restore/register.js';
import { seedCommand } from './commands/seed/register.js';
import { variantsGroup } from './commands/variants/register.js';
import type { CliContext } from './context.js';
import type { CliIo } from './io.js';

/**
 * Holds the context of the command that ran, so main() can close what it opened, and what its run
 * returned (for in-process tests, which check the data rather than its printout).
 */
export interface RunState {
  ctx: CliContext | null;
  result?: { data: unknown };
}

const EXAMPLES = `
Examples:
  $ shop products list --all
  $ shop products add "BPC-157" --option Size=5mg,10mg --variant "5mg:sku=BPC-5,price=39.99" --variant "10mg:sku=BPC-10,price=69.99"
  $ shop variants update BPC-10 --stock 40
  $ shop products toggle "BPC-157 5mg" --off
  $ shop products import catalogue.csv --dry-run
  $ shop products export --format csv --out catalogue.csv
  $ shop admins grant alice@example.com
  $ shop orders list --status paid --json
  $ shop images prune --dry-run
  $ shop discounts create --code LAB15 --type percent --value 15 --affiliate "Lab Co"
  $ shop lots add BPC157-10MG --lot HX-2611-014 --coa coa.pdf --purity 99.2 --tested 2026-11-01
  $ shop seed --products 50 --seed 42 --reset
  $ shop backup backups/shop-2026-11-25.sqlite

Data goes to stdout, messages to stderr. Exit codes: 0 done, 1 the operation failed, 2 usage error.`;

/** The command groups, in the order `shop --help` lists them; each folder of cli/commands/ adds its own. */
const GROUPS: CommandGroup[] = [
  productsGroup,
  variantsGroup,
  adminsGroup,
  ordersGroup,
  reportGroup,
  discountsGroup,
  shippingGroup,
  taxGroup,
  limitsGroup,
  imagesGroup,
  lotsGroup,
  messagesGroup,
  auditGroup,
  mailGroup,
  backupCommand,
  restoreCommand,
  seedCommand,
];

/**
 * Every command, each loading its module (and the heavy libraries it needs) only when it runs, so
 * `shop --help` starts as fast as commander alone.
 */
export function buildProgram(io: CliIo, version: string, state: RunState): Command {
  const act: Act =
    (load) =>
    async (...args) => {
      const command = args.at(-1) as Command;
      const { CliContext } = await import('./context.js');
      state.ctx = new CliContext(io, command.optsWithGlobals());
      const commandArgs = [...args.slice(0, -2), command.opts()];
      const { run, print } = await load(...commandArgs);
      const ctx = state.ctx;
      // Every change a command makes is audited as the operating-system user who ran it.
      const { asActor } = await import('../shared/backend/audit/actor.js');
      const data = await asActor(ctx.actor, () => run(ctx, ...commandArgs));
      state.result = { data };
      await print(state.ctx.out, data, ...commandArgs);
    };

  const program = new Command('shop')
    .description('Manage the peptide shop’s catalogue, orders and admins from a terminal')
    .version(version, '-V, --version')
    .option('--data <dir>', 'data folder of the embedded store (default: $SHOP_DATA_DIR or .data)')
    .option('--init', 'create the --data folder if it does not exist (else a missing one is an error)')
    .addOption(
      new Option('--backend <name>', 'store backend (default: $SHOP_BACKEND or sqlite)').choices([
        'sqlite',
        'firestore',
      ]),
    )
    .option('--json', 'print data as JSON')
    .option('-q, --quiet', 'print no progress or success messages')
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .addHelpText('after', EXAMPLES)
    .showSuggestionAfterError()
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride();

  for (const group of GROUPS) group(program, act);
  return program;
}
