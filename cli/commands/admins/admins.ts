import { recordAdminRights } from '../../../shared/backend/audit/admin-rights.js';
import type { AdminAccount } from '../../../shared/backend/auth/auth-service.js';
import { STAFF_ROLE_LABELS, type StaffRole, unverifiedStaffNote } from '../../../shared/domain/staff-role.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkedEmail(email: string): string {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed)) throw new UsageError(`"${email}" is not an e-mail address`);
  return trimmed;
}

/** An account after a grant or revoke, and whether that changed it (--json prints the account). */
export interface AdminChange {
  email: string;
  account: AdminAccount;
  changed: boolean;
}

/** Gives or takes away a staff role; changed is false when the account already had (or had none). */
async function setRole(ctx: CliContext, email: string, role: StaffRole | null): Promise<AdminChange> {
  const address = checkedEmail(email);
  const auth = await ctx.auth();
  const before = await auth.service.roleOf(address);
  const account = await (role ? auth.service.grantAdmin(address, role) : auth.service.revokeAdmin(address));
  await auth.persist();
  await recordAdminRights(await ctx.store(), address, before, role);
  return { email: address, account, changed: before !== role };
}

/** "an admin", "fulfilment staff". */
const asRole = (role: StaffRole) => (role === 'admin' ? 'an admin' : 'fulfilment staff (orders only)');

export const grantAdmin = command({
  run: (ctx: CliContext, email: string, opts: { role?: StaffRole }) =>
    setRole(ctx, email, opts.role ?? 'admin'),
  async print(out, { email, account, changed }) {
    const role = account.role ?? 'admin';
    out.success(
      changed
        ? `${email} is now ${asRole(role)} (they get the admin area at their next sign-in).`
        : `${email} is already ${asRole(role)}; nothing changed.`,
    );
    if (!account.emailVerified) out.warn(unverifiedStaffNote(email));
    await out.result(account, (a) => a.uid);
  },
});

export const revokeAdmin = command({
  run: (ctx: CliContext, email: string) => setRole(ctx, email, null),
  async print(out, { email, account, changed }) {
    out.success(
      changed
        ? `${email} is no longer staff; their sessions were signed out.`
        : `${email} is not staff; nothing changed.`,
    );
    await out.result(account, (a) => a.uid);
  },
});

export const listAdmins = command({
  run: async (ctx: CliContext): Promise<AdminAccount[]> => (await ctx.auth()).service.listAdmins(),
  async print(out, admins) {
    await out.result(admins, (list) =>
      list.length === 0
        ? ''
        : out.table(
            ['email', 'role', 'uid', 'name', 'disabled', 'last sign-in'],
            list.map((a) => [
              a.email,
              a.role ? STAFF_ROLE_LABELS[a.role] : '',
              a.uid,
              a.displayName,
              a.disabled ? 'yes' : 'no',
              a.lastSignIn,
            ]),
          ),
    );
    if (!out.json)
      out.info(
        admins.length === 0
          ? 'No admins yet: shop admins grant <email> makes one.'
          : counted(admins.length, 'member of staff', 'members of staff'),
      );
  },
});
