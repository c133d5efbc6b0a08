import { readCheckoutLimits, writeCheckoutLimits } from '../../../shared/backend/settings/checkout-limits.js';
import { type CheckoutLimits, checkoutLimitsPatchSchema } from '../../../shared/domain/unpaid-orders.js';
import { command } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Output } from '../../output.js';

/** Each limit's flag and what it means, in the order shown. */
const FLAGS: Record<keyof CheckoutLimits, { flag: string; means: string }> = {
  holdHours: { flag: '--hold-hours', means: 'hours an unpaid bank-transfer order holds its stock' },
  maxPerAccount: { flag: '--max-per-account', means: 'unpaid orders one account may hold' },
  maxUnitsPerSize: { flag: '--max-units-per-size', means: 'units of one size per unpaid order' },
  checkoutsPerAccount: { flag: '--checkouts-per-account', means: 'checkouts per account in 10 minutes' },
  checkoutsPerAddress: {
    flag: '--checkouts-per-address',
    means: 'checkouts per client address in 10 minutes',
  },
};
type LimitOptions = Partial<Record<keyof CheckoutLimits, string>>;

const limitsTable = (out: Output, limits: CheckoutLimits) =>
  out.table(
    ['limit', 'value', 'flag'],
    (Object.keys(FLAGS) as (keyof CheckoutLimits)[]).map((name) => [
      FLAGS[name].means,
      String(limits[name]),
      FLAGS[name].flag,
    ]),
  );

export const showLimits = command({
  run: async (ctx: CliContext): Promise<CheckoutLimits> => readCheckoutLimits((await ctx.store()).meta),
  async print(out, limits) {
    await out.result(limits, (l) => limitsTable(out, l));
  },
});

/** `shop limits set --max-per-account 5`: changes the limits named, audited as the admin's changes are. */
export const setLimits = command({
  async run(ctx: CliContext, opts: LimitOptions): Promise<CheckoutLimits> {
    const given = Object.entries(opts).filter(([name, v]) => name in FLAGS && v !== undefined);
    if (given.length === 0)
      throw new UsageError(
        `Name a limit to change: ${Object.values(FLAGS)
          .map((f) => f.flag)
          .join(', ')}`,
      );
    const input = Object.fromEntries(
      given.map(([name, v]) => [name, v!.trim() === '' ? Number.NaN : Number(v)]),
    );
    const parsed = checkoutLimitsPatchSchema.safeParse(input);
    if (!parsed.success)
      throw new UsageError(
        parsed.error.issues
          .map((i) => `${FLAGS[i.path[0] as keyof CheckoutLimits]?.flag ?? i.path.join('.')}: ${i.message}`)
          .join('\n'),
      );
    return writeCheckoutLimits(await ctx.store(), parsed.data);
  },
  async print(out, limits) {
    await out.result(limits, (l) => limitsTable(out, l));
    out.success('Saved the checkout limits; orders placed from now on follow them.');
  },
});
