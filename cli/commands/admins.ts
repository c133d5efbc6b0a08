import { recordAdminRights } from '../../shared/backend/audit/admin-rights.js';
import type { AdminAccount } from '../../shared/backend/auth/auth-service.js';
import { command, counted } from '../command.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../errors.js';

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

/** Grants or revokes the claim; changed is false when the account already was (or was not) an admin. */
async function setAdmin(ctx: CliContext, email: string, admin: boolean): Promise<AdminChange> {
  const address = checkedEmail(email);
  const auth = await ctx.auth();
  const wasAdmin = await auth.service.isAdmin(address);
  const account = await (admin ? auth.service.grantAdmin(address) : auth.service.revokeAdmin(address));
  await auth.persist();
  await recordAdminRights(await ctx.store(), address, wasAdmin, admin);
  return { email: address, account, changed: wasAdmin !== admin };
}

export const grantAdmin = command({
  run: (ctx: CliContext, email: string) => setAdmin(ctx, email, true),
  async print(out, { email, account, changed }) {
    out.success(
      changed
        ? `${email} is now an admin (they get the admin area at their next sign-in).`
        : `${email} is already an admin; nothing changed.`,
    );
    await out.result(account, (a) => a.uid);
  },
});

export const revokeAdmin = command({
  run: (ctx: CliContext, email: string) => setAdmin(ctx, email, false),
  async print(out, { email, account, changed }) {
    out.success(
      changed
        ? `${email} is no longer an admin; their sessions were signed out.`
        : `${email} is not an admin; nothing changed.`,
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
            ['email', 'uid', 'name', 'disabled', 'last sign-in'],
            list.map((a) => [a.email, a.uid, a.displayName, a.disabled ? 'yes' : 'no', a.lastSignIn]),
          ),
    );
    if (!out.json)
      out.info(
        admins.length === 0
          ? 'No admins yet: shop admins grant <email> makes one.'
          : counted(admins.length, 'admin'),
      );
  },
});
