import { Link } from 'react-router-dom';
import { STORE_DISPLAY_NAME } from '../../../shared/domain/constants.js';
import { DISPATCH_POLICY, SHIPPING_RATE_POLICY } from '../../../shared/domain/shop-policies.js';
import { ProductGrid, ProductGridPlaceholder } from '../catalogue/product-card.js';
import { useCataloguePage } from '../catalogue/use-catalogue-page.js';
import { LoadFailed } from '../layout/load-failed.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { FEATURED_COUNT, FEATURED_QUERY, featured } from './featured.js';

const promises: { title: string; text: string; link?: { to: string; label: string } }[] = [
  {
    title: 'Verified purity',
    text: 'Every lot is tested by HPLC and mass spectrometry; the certificate of analysis ships with it.',
    link: { to: '/verify', label: 'Check your lot’s certificate' },
  },
  {
    title: 'Lyophilised and sealed',
    text: 'Peptides are freeze-dried, sealed under nitrogen and shipped cold-packed in tamper-evident vials.',
  },
  {
    title: 'Fast, tracked shipping',
    text: `${DISPATCH_POLICY} ${SHIPPING_RATE_POLICY}`,
  },
];

export function HomePage() {
  usePageTitle(null);
  const { data, error, mutate } = useCataloguePage(FEATURED_QUERY);
  const products = data?.products;
  return (
    <div className="flex flex-col gap-14">
      <section className="rounded-2xl bg-gradient-to-br from-teal-800 to-slate-900 px-6 py-14 text-white sm:px-12">
        <h1 className="max-w-xl text-3xl font-bold sm:text-4xl">Research peptides you can verify.</h1>
        <p className="mt-4 max-w-xl text-teal-50">
          {STORE_DISPLAY_NAME} supplies laboratories with high-purity peptides, each lot independently tested
          and documented, at fair prices.
        </p>
        <Link
          to="/store"
          className="mt-8 inline-block rounded bg-white px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
        >
          Shop all peptides
        </Link>
      </section>

      <section aria-labelledby="featured-heading">
        <div className="mb-4 flex items-baseline justify-between">
          <h2 id="featured-heading" className="text-2xl font-semibold">
            Featured products
          </h2>
          <Link to="/store" className="text-teal-700 hover:underline">
            See all
          </Link>
        </div>
        {error && <LoadFailed what="The catalogue" onRetry={() => void mutate()} />}
        {!products && !error && <ProductGridPlaceholder count={FEATURED_COUNT} />}
        {products && <ProductGrid products={featured(products)} eager />}
      </section>

      <section aria-labelledby="about-heading">
        <h2 id="about-heading" className="mb-4 text-2xl font-semibold">
          Why researchers choose us
        </h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          {promises.map((p) => (
            <li key={p.title} className="rounded-lg bg-white p-5 ring-1 ring-slate-200">
              <h3 className="font-semibold">{p.title}</h3>
              <p className="mt-2 text-slate-600">{p.text}</p>
              {p.link && (
                <Link to={p.link.to} className="mt-2 inline-block text-teal-700 hover:underline">
                  {p.link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="ruo-heading"
        className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-900"
      >
        <h2 id="ruo-heading" className="font-semibold">
          For research use only
        </h2>
        <p className="mt-1">
          All products are sold strictly for laboratory research. They are not for human or veterinary use,
          and not for use as food, drugs or cosmetics. Buyers must be 21 or older.
        </p>
      </section>
    </div>
  );
}
