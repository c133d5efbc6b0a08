import {
  readShopRates,
  writeShippingConfig,
  writeTaxConfig,
} from '../../../shared/backend/settings/rate-settings.js';
import { formatPrice } from '../../../shared/domain/money.js';
import {
  REST_OF_WORLD,
  type ShippingConfig,
  shippingConfigSchema,
} from '../../../shared/domain/shipping-rates.js';
import { type TaxConfig, taxConfigSchema } from '../../../shared/domain/tax-rates.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readJsonFile } from '../../json-file.js';
import type { Output } from '../../output.js';

type Zone = ShippingConfig['zones'][number];
type Rate = Zone['rates'][number];

const grams = new Intl.NumberFormat('en-US');

/** When a rate applies: always, or for a weight or subtotal from `min` to under `max`. */
function rateRange(rate: Rate): string {
  if (rate.basis === 'flat') return 'always';
  const unit = rate.basis === 'weight' ? (n: number) => `${grams.format(n)} g` : formatPrice;
  const what = rate.basis === 'weight' ? 'weight' : 'subtotal';
  return rate.max === null
    ? `${what} ${unit(rate.min)} and up`
    : `${what} ${unit(rate.min)} to under ${unit(rate.max)}`;
}

const shipsTo = (zone: Zone) =>
  [
    zone.countries.map((c) => (c === REST_OF_WORLD ? 'rest of world' : c)).join(', '),
    ...(zone.regions.length > 0 ? [`regions ${zone.regions.join(', ')}`] : []),
  ].join('\n');

/** A row per rate; the zone's own cells on its first rate only. */
function shippingTable(out: Output, config: ShippingConfig) {
  if (config.zones.length === 0) return '';
  return out.table(
    ['zone', 'ships to', 'rate', 'when', 'amount', 'free from', 'cold pack'],
    config.zones.flatMap((zone) =>
      zone.rates.map((rate, i) => [
        i === 0 ? `${zone.name} (${zone.id})` : '',
        i === 0 ? shipsTo(zone) : '',
        `${rate.label} (${rate.id})`,
        rateRange(rate),
        formatPrice(rate.amount),
        i > 0 ? '' : zone.freeShippingOver === null ? '—' : formatPrice(zone.freeShippingOver),
        i > 0 ? '' : zone.coldPackSurcharge === 0 ? '—' : `+${formatPrice(zone.coldPackSurcharge)}`,
      ]),
    ),
  );
}

function taxTable(out: Output, config: TaxConfig) {
  if (config.rates.length === 0) return '';
  return out.table(
    ['country', 'region', 'label', 'rate', 'charged'],
    config.rates.map((r) => [
      r.country,
      r.region || 'all',
      r.label,
      `${r.ratePercent}%`,
      r.inclusive ? 'included in prices' : 'added at checkout',
    ]),
  );
}

const rateCount = (config: ShippingConfig) =>
  `${counted(config.zones.length, 'zone')}, ${counted(
    config.zones.reduce((n, z) => n + z.rates.length, 0),
    'rate',
  )}`;

function needsFile(file: string | undefined): string {
  if (!file) throw new UsageError('--file is required: a JSON file of the settings (see `show --json`)');
  return file;
}

/** `shop shipping show`: the zones and their rates; --json prints them in the form `set --file` reads. */
export const showShipping = command({
  run: async (ctx: CliContext): Promise<ShippingConfig> =>
    (await readShopRates((await ctx.store()).meta)).shipping,
  async print(out, config) {
    await out.result(config, (c) => shippingTable(out, c));
    if (!out.json) out.info(`${rateCount(config)}. Checkout offers the cheapest rate that applies first.`);
  },
});

/** `shop shipping set --file zones.json`: replaces every zone, all or nothing. */
export const setShipping = command({
  async run(ctx: CliContext, opts: { file?: string }): Promise<ShippingConfig> {
    const config = await readJsonFile(needsFile(opts.file), shippingConfigSchema, 'shipping settings');
    const store = await ctx.store();
    await writeShippingConfig(store, config);
    return (await readShopRates(store.meta)).shipping;
  },
  async print(out, config) {
    await out.result(config, (c) => shippingTable(out, c));
    out.success(`Saved shipping: ${rateCount(config)}.`);
  },
});

export const showTax = command({
  run: async (ctx: CliContext): Promise<TaxConfig> => (await readShopRates((await ctx.store()).meta)).tax,
  async print(out, config) {
    await out.result(config, (c) => taxTable(out, c));
    if (!out.json)
      out.info(
        config.rates.length === 0
          ? 'No tax rates: no order is charged tax.'
          : `${counted(config.rates.length, 'tax rate')}; a destination without one pays no tax.`,
      );
  },
});

/** `shop tax set --file rates.json`: replaces every tax rate, all or nothing. */
export const setTax = command({
  async run(ctx: CliContext, opts: { file?: string }): Promise<TaxConfig> {
    const config = await readJsonFile(needsFile(opts.file), taxConfigSchema, 'tax settings');
    const store = await ctx.store();
    await writeTaxConfig(store, config);
    return (await readShopRates(store.meta)).tax;
  },
  async print(out, config) {
    await out.result(config, (c) => taxTable(out, c));
    out.success(`Saved tax: ${counted(config.rates.length, 'rate')}.`);
  },
});
