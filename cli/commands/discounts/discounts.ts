import type { Store } from '../../../shared/backend/store/port.js';
import {
  type Discount,
  discountCodeSchema,
  type NewDiscountInput,
  newDiscountSchema,
} from '../../../shared/domain/discount.js';
import { DuplicateDiscountError, ShopError } from '../../../shared/domain/errors.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { DISCOUNT_TABLE_HEAD, discountRow, discountValue } from '../../discount-text.js';
import { OperationError, UsageError } from '../../errors.js';
import type { Output } from '../../output.js';
import { findProduct } from '../products/products.js';

export interface CreateDiscountOptions {
  code?: string;
  type?: string;
  value?: string;
  products?: string;
  categories?: string;
  starts?: string;
  ends?: string;
  minSubtotal?: string;
  limit?: string;
  oncePerCustomer?: boolean;
  affiliate?: string;
  commission?: string;
}

/** Which flag each field of newDiscountSchema comes from, so an error names what the operator typed. */
const FLAG_OF: Record<keyof NewDiscountInput, string> = {
  code: '--code',
  type: '--type',
  value: '--value',
  productIds: '--products',
  categories: '--categories',
  startsAt: '--starts',
  endsAt: '--ends',
  minSubtotal: '--min-subtotal',
  usageLimit: '--limit',
  oncePerCustomer: '--once-per-customer',
  affiliate: '--affiliate',
  commissionPercent: '--commission',
};

/** A number flag as the schema should judge it: a blank one is not a number (Number('') would be 0). */
const numberOf = (text: string | undefined) =>
  text === undefined ? undefined : text.trim() === '' ? Number.NaN : Number(text);
const listOf = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);

/** `--products` names products by id or name; the code keeps their ids. */
async function productIds(store: Store, refs: string[] | undefined): Promise<string[] | undefined> {
  if (refs === undefined) return undefined;
  const ids: string[] = [];
  for (const ref of refs) {
    try {
      ids.push((await findProduct(store, ref)).id);
    } catch (error) {
      if (error instanceof OperationError) throw new UsageError(`--products: ${error.message}`);
      throw error;
    }
  }
  return ids;
}

/** The discount the flags describe, judged by the rules the API creates codes by. */
async function newDiscountFrom(store: Store, opts: CreateDiscountOptions) {
  const input = {
    code: opts.code,
    type: opts.type,
    value: numberOf(opts.value),
    productIds: listOf(opts.products),
    categories: listOf(opts.categories),
    startsAt: opts.starts,
    endsAt: opts.ends,
    minSubtotal: numberOf(opts.minSubtotal),
    usageLimit: numberOf(opts.limit),
    oncePerCustomer: opts.oncePerCustomer,
    affiliate: opts.affiliate,
    commissionPercent: numberOf(opts.commission),
  };
  const parsed = newDiscountSchema.safeParse(input);
  if (!parsed.success)
    throw new UsageError(
      parsed.error.issues
        .map((i) => `${FLAG_OF[i.path[0] as keyof NewDiscountInput] ?? i.path.join('.')}: ${i.message}`)
        .join('\n'),
    );
  // Checked after the flags themselves, so a typo in --value is reported without looking anything up.
  const ids = await productIds(store, listOf(opts.products));
  return ids === undefined ? parsed.data : { ...parsed.data, productIds: ids };
}

const discountTable = (out: Output, discounts: Discount[]) =>
  discounts.length === 0
    ? ''
    : out.table(
        DISCOUNT_TABLE_HEAD,
        discounts.map((d) => discountRow(d)),
      );

/** `shop discounts create`: a new code, as POST /api/admin/discounts makes it (and audited as the CLI's user). */
export const createDiscount = command({
  async run(ctx: CliContext, opts: CreateDiscountOptions): Promise<{ discount: Discount }> {
    const store = await ctx.store();
    const discount = await newDiscountFrom(store, opts);
    try {
      return { discount: await store.discounts.create(discount) };
    } catch (error) {
      if (error instanceof DuplicateDiscountError) throw new OperationError(`--code: ${error.message}`);
      throw error;
    }
  },
  async print(out, { discount }) {
    await out.result({ discount }, () => discountTable(out, [discount]));
    out.success(`Created discount code ${discount.code}: ${discountValue(discount)}.`);
  },
});

export const listDiscounts = command({
  run: async (ctx: CliContext): Promise<{ discounts: Discount[] }> => ({
    discounts: await (await ctx.store()).discounts.list(),
  }),
  async print(out, data) {
    await out.result(data, ({ discounts }) => discountTable(out, discounts));
    if (!out.json) out.info(counted(data.discounts.length, 'discount code'));
  },
});

/** A code switched on or off, and whether that changed anything (--json prints `{discount}`). */
export interface DiscountSwitch {
  discount: Discount;
  changed: boolean;
}

function switchTo(active: boolean) {
  return command({
    async run(ctx: CliContext, code: string): Promise<DiscountSwitch> {
      const parsed = discountCodeSchema.safeParse(code);
      if (!parsed.success) throw new UsageError(`<code>: ${parsed.error.issues[0]!.message}`);
      const store = await ctx.store();
      const before = await store.discounts.get(parsed.data);
      if (!before) throw new OperationError(`There is no discount code ${parsed.data}`);
      if (before.active === active) return { discount: before, changed: false };
      try {
        return { discount: await store.discounts.setActive(parsed.data, active), changed: true };
      } catch (error) {
        // removed between the two steps, by another process
        if (error instanceof ShopError && error.code === 'not-found') throw new OperationError(error.message);
        throw error;
      }
    },
    async print(out, { discount, changed }) {
      const state = active ? 'enabled' : 'disabled';
      out.success(
        changed
          ? `Discount code ${discount.code} is now ${state}.`
          : `Discount code ${discount.code} is already ${state}; nothing changed.`,
      );
      await out.result({ discount }, () => discountTable(out, [discount]));
    },
  });
}

export const disableDiscount = switchTo(false);
export const enableDiscount = switchTo(true);
