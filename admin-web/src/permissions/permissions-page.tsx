import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import useSWR from 'swr';
import type { AdminAccount } from '../../../shared/api/admin-client.js';
import { STAFF_ROLE_LABELS, type StaffRole, unverifiedStaffNote } from '../../../shared/domain/staff-role.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { ConfirmDialog } from '../../../shared/web/confirm-dialog.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { cacheKeys } from '../cache-keys.js';
import { ChoiceSelect } from '../ui/choice-select.js';
import { Field, inputClass } from '../ui/field.js';
import { TableHead } from '../ui/table-head.js';

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

const ROLE_CHOICES = [
  ['admin', 'Full admin (everything)'],
  ['fulfilment', 'Fulfilment (see and ship orders only)'],
] as const;
const becomes = (role: StaffRole | null) => (role === 'fulfilment' ? 'fulfilment staff' : 'a full admin');

/**
 * /admin/permissions: the staff, each a full admin (the isAdmin claim) or fulfilment staff (orders only);
 * grant a role (or change one) or revoke it by email.
 */
export function PermissionsPage() {
  const { user, refreshClaims, signOut } = useAuth();
  const {
    data: admins,
    error,
    mutate,
  } = useSWR(cacheKeys.admins, async () => (await adminApi.admins.list()).admins);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('admin');
  const [grantError, setGrantError] = useState<string | null>(null);
  const [granting, setGranting] = useState(false);
  const [demotingSelf, setDemotingSelf] = useState(false);
  const [revoking, setRevoking] = useState<AdminAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const revokingSelf = sameEmail(revoking?.email, user?.email);
  const fullAdmins = admins?.filter((a) => a.role === 'admin').length ?? 0;

  const grant = async (confirmSelf: boolean) => {
    setGrantError(null);
    setGranting(true);
    try {
      const { admin } = await adminApi.admins.grant(email.trim(), { role, confirmSelf });
      toast.success(`${admin.email} is now ${becomes(admin.role)}`);
      if (!admin.emailVerified) toast(unverifiedStaffNote(admin.email ?? ''), { duration: 10_000 });
      setEmail('');
      // Making ourselves fulfilment staff revoked our refresh tokens: when no new token can be had, sign out.
      if (sameEmail(admin.email, user?.email)) await refreshClaims().catch(signOut);
      await mutate();
    } catch (err) {
      setGrantError((err as Error).message);
    } finally {
      setGranting(false);
      setDemotingSelf(false);
    }
  };
  const submitGrant = (event: FormEvent) => {
    event.preventDefault();
    if (role !== 'admin' && sameEmail(email, user?.email)) setDemotingSelf(true);
    else void grant(false);
  };

  const revoke = async () => {
    if (!revoking?.email) return;
    setBusy(true);
    try {
      await adminApi.admins.revoke(revoking.email, { confirmSelf: revokingSelf });
      toast.success(`${revoking.email} is no longer staff`);
      setRevoking(null);
      // Our own claim changed: refresh the token now, which takes us out of the admin area. The
      // server also revoked our refresh tokens, so when no new token can be had, sign out instead.
      if (revokingSelf) await refreshClaims().catch(signOut);
      else await mutate();
    } catch (err) {
      toast.error((err as Error).message);
      setRevoking(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Permissions</h1>
        <p className="mt-1 text-slate-700">
          A change reaches the user at their next token refresh (within the hour, or when they next sign in).
          Removing access, or making a full admin fulfilment staff, also signs them out of the admin area
          everywhere. Fulfilment staff see and ship orders and nothing else; granting another role to a member
          of staff changes theirs.
        </p>
      </div>
      <form
        onSubmit={submitGrant}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded bg-white p-4 shadow-sm"
      >
        <div className="min-w-72 flex-1">
          <Field id="grant-email" label="Grant admin to (email)" error={grantError ?? undefined}>
            <input
              id="grant-email"
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setGrantError(null);
              }}
              aria-invalid={grantError ? true : undefined}
              aria-describedby={grantError ? 'grant-email-error' : undefined}
              className={inputClass}
            />
          </Field>
        </div>
        <ChoiceSelect<StaffRole> label="Role" value={role} choices={ROLE_CHOICES} onChange={setRole} />
        <button
          type="submit"
          disabled={granting || !email.trim()}
          className="rounded bg-teal-700 px-4 py-2 text-white disabled:opacity-60"
        >
          Grant admin
        </button>
      </form>
      {error && !admins && <p role="alert">Cannot load the admins: {error.message}</p>}
      {!admins && !error && <Spinner label="Loading admins..." />}
      {admins && (
        <div className="relative overflow-x-auto">
          <table className="w-full bg-white text-left text-sm shadow-sm">
            <caption className="p-2 text-left font-medium">Staff ({admins.length})</caption>
            <TableHead columns={['Email', 'Role', 'Name', 'Last sign-in', '~Actions']} />
            <tbody>
              {admins.map((a) => (
                <tr key={a.uid} className="border-t">
                  <td className="p-2">
                    {a.email}
                    {sameEmail(a.email, user?.email) && <span className="ml-2 text-slate-500">(you)</span>}
                    {!a.emailVerified && (
                      <span className="ml-2 text-amber-800" title={unverifiedStaffNote(a.email ?? '')}>
                        (email not verified)
                      </span>
                    )}
                  </td>
                  <td className="p-2">{a.role ? STAFF_ROLE_LABELS[a.role] : ''}</td>
                  <td className="p-2">{a.displayName}</td>
                  <td className="p-2">
                    {a.lastSignIn ? new Date(a.lastSignIn).toLocaleString('en-US') : 'Never'}
                  </td>
                  <td className="p-2 text-right">
                    <button
                      type="button"
                      disabled={!a.email || (a.role === 'admin' && fullAdmins <= 1)}
                      title={
                        a.role === 'admin' && fullAdmins <= 1 ? 'The last admin cannot be removed' : undefined
                      }
                      onClick={() => setRevoking(a)}
                      aria-label={`Revoke admin from ${a.email}`}
                      className="rounded px-2 py-1 text-red-700 hover:bg-red-50 disabled:opacity-50"
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={demotingSelf}
        title="Make yourself fulfilment staff?"
        confirmLabel="Make me fulfilment staff"
        danger
        busy={granting}
        onConfirm={() => void grant(true)}
        onCancel={() => setDemotingSelf(false)}
      >
        You will lose everything but Orders at once, and sign in again to go on; only another full admin can
        give full admin back.
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={revokingSelf ? 'Remove your own admin access?' : `Revoke admin from ${revoking?.email}?`}
        confirmLabel={revokingSelf ? 'Remove my admin access' : 'Revoke admin'}
        danger
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        {revokingSelf
          ? 'You will leave the admin area at once and cannot come back unless another admin grants access again.'
          : `${revoking?.email} keeps their account but loses the admin area; their current sessions end.`}
      </ConfirmDialog>
    </section>
  );
}
