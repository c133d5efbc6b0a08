import { Link } from 'react-router-dom';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../../shared/domain/staff-role.js';

/** What staff see at an admin page their role does not open. */
export function NotAllowedPage({ role, home }: { role: StaffRole | null; home: string }) {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-2 text-slate-600">
        Your role ({role ? STAFF_ROLE_LABELS[role] : 'none'}) does not open this page. A full admin can change
        your role on the Permissions page.
      </p>
      <Link to={home} className="mt-4 inline-block text-teal-700 underline">
        {home === '/orders' ? 'Back to orders' : 'Back to the admin area'}
      </Link>
    </section>
  );
}
