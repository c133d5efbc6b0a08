import { AUDIT_ENTITIES } from '../../../shared/domain/audit.js';
import { Option } from '../../commander.js';
import { type CommandGroup, examples } from '../group.js';

/** The `audit` group: list. */
export const auditGroup: CommandGroup = (program, act) => {
  program
    .command('audit')
    .description('who changed what: products, lots, orders and admin rights')
    .command('list')
    .description('audit entries, newest first (50 unless --limit)')
    .addOption(new Option('--entity <entity>', 'only changes to these').choices(AUDIT_ENTITIES))
    .option('--id <id>', 'only changes to this product, order (id), lot (number) or admin (e-mail)')
    .option('--actor <who>', 'only changes made under this e-mail, or by cli:<user>')
    .option(
      '--actor-uid <uid>',
      'only changes by this person (the uid under "who"), whatever e-mail they used',
    )
    .option('--since <when>', 'only changes from this day (YYYY-MM-DD, UTC) or ISO time on')
    .option('--before <cursor>', 'the page after one that printed this cursor')
    .option('--limit <n>', 'entries per page (at most 200)')
    .addHelpText(
      'after',
      examples(
        'audit list --entity product --since 2026-11-01',
        'audit list --id HP-7K2M9QXD --json',
        'audit list --actor-uid 6Yx2bQf0pXhTq3tWmKc9LrVdNz41',
      ),
    )
    .action(act(async () => (await import('./audit.js')).listAudit));
};
