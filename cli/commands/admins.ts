import type { AdminAccount } from '../../shared/backend/auth/auth-service.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../errors.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkedEmail(email: string): string {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed)) throw new UsageError(`"${email}" is not an e-mail address`);
  return trimmed;
}

export async function grantAdmin(ctx: CliContext, email: string): Promise<void> {
  const address = checkedEmail(email);
  const auth = await ctx.auth();
  const already = await auth.service.isAdmin(address);
  const account = await auth.service.grantAdmin(address);
  await auth.persist();
  ctx.out.success(
    already
      ? `${address} is already an admin; nothing changed.`
      : `${address} is now an admin (they get the admin area at their next sign-in).`,
  );
  await ctx.out.result(account, (a) => a.uid);
}

export async function revokeAdmin(ctx: CliContext, email: string): Promise<void> {
  const address = checkedEmail(email);
  const auth = await ctx.auth();
  const wasAdmin = await auth.service.isAdmin(address);
  const account = await auth.service.revokeAdmin(address);
  await auth.persist();
  ctx.out.success(
    wasAdmin
      ? `${address} is no longer an admin; their sessions were signed out.`
      : `${address} is not an admin; nothing changed.`,
  );
  await ctx.out.result(account, (a) => a.uid);
}

export async function listAdmins(ctx: CliContext): Promise<void> {
  const admins = await (await ctx.auth()).service.listAdmins();
  await ctx.out.result(admins, (list: AdminAccount[]) =>
    list.length === 0
      ? ''
      : ctx.out.table(
          ['email', 'uid', 'name', 'disabled', 'last sign-in'],
          list.map((a) => [a.email, a.uid, a.displayName, a.disabled ? 'yes' : 'no', a.lastSignIn]),
        ),
  );
  if (!ctx.out.json)
    ctx.out.info(
      admins.length === 0
        ? 'No admins yet: shop admins grant <email> makes one.'
        : `${admins.length} admin${admins.length === 1 ? '' : 's'}`,
    );
}
