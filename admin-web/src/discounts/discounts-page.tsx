import useSWR from 'swr';
import { adminApi } from '../../../shared/web/admin-api.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { cacheKeys } from '../cache-keys.js';
import { DiscountForm } from './discount-form.js';
import { DiscountTable } from './discount-table.js';

/** /admin/discounts: every code with its uses and an on/off switch, and the form for a new one. */
export function DiscountsPage() {
  const { data, error, mutate } = useSWR(
    cacheKeys.discounts,
    async () => (await adminApi.discounts.list()).discounts,
  );
  const onSwitch = async (code: string, active: boolean) => {
    const { discount } = await adminApi.discounts.setActive(code, active);
    await mutate((list) => list?.map((d) => (d.code === discount.code ? discount : d)), {
      revalidate: false,
    });
  };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Discounts</h1>
        <p className="mt-1 text-sm text-slate-600">
          Codes shoppers enter at checkout. A code is never deleted (orders name it): switch it off instead. A
          shopper is only told that a code can't be used, whether it does not exist or is off, not started,
          expired or used up; the State column says which.
        </p>
      </div>
      <section className="rounded bg-white p-4 shadow-sm">
        {error && !data && (
          <p role="alert" className="text-red-700">
            Could not load the codes: {(error as Error).message}
          </p>
        )}
        {!data && !error && <Spinner />}
        {data && <DiscountTable discounts={data} onSwitch={onSwitch} />}
      </section>
      <DiscountForm onCreated={async () => void (await mutate())} />
    </div>
  );
}
