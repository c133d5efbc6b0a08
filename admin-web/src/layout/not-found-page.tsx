import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is no admin page at this address.</p>
      <Link to="/manage-products" className="mt-4 inline-block text-teal-700 underline">
        Back to products
      </Link>
    </section>
  );
}
