import { STAFF_ROLES } from '../../../shared/domain/staff-role.js';
import { Option } from '../../commander.js';
import { type CommandGroup, examples } from '../group.js';

/** The `admins` group: grant, revoke and list. */
export const adminsGroup: CommandGroup = (program, act) => {
  const admins = () => import('./admins.js');
  const admin = program
    .command('admins')
    .description('who may use the admin area: full admins (isAdmin) and fulfilment staff (orders only)');
  admin
    .command('grant')
    .argument('<email>', 'an existing account’s e-mail')
    .addOption(
      new Option('--role <role>', 'admin: everything; fulfilment: see and ship orders only')
        .choices(STAFF_ROLES)
        .default('admin'),
    )
    .description('make an account a full admin, or fulfilment staff with --role fulfilment')
    .addHelpText(
      'after',
      examples('admins grant alice@example.com', 'admins grant --role fulfilment bob@example.com'),
    )
    .action(act(async () => (await admins()).grantAdmin));
  admin
    .command('revoke')
    .argument('<email>', 'a staff member’s e-mail')
    .description('take admin or fulfilment access away (never from the last full admin)')
    .addHelpText('after', examples('admins revoke alice@example.com'))
    .action(act(async () => (await admins()).revokeAdmin));
  admin
    .command('list')
    .description('list the staff and their roles')
    .addHelpText('after', examples('admins list --json'))
    .action(act(async () => (await admins()).listAdmins));
};
