import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_CONFIG, type ShippingConfigInput } from '../../../shared/domain/shipping-rates.js';
import type { TaxConfigInput } from '../../../shared/domain/tax-rates.js';
import { shopInProcess, tempDataDir } from '../../support/cli.js';

const data = tempDataDir('rates');
afterAll(() => data.remove());
const shop = (...args: string[]) => shopInProcess(data.dir, args);
const file = (name: string, content: unknown) => {
  const path = join(data.dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};
const shown = async (what: 'shipping' | 'tax') => JSON.parse((await shop('--json', what, 'show')).stdout);

const ZONES: ShippingConfigInput = {
  zones: [
    {
      id: 'us',
      name: 'United States',
      countries: ['us'],
      rates: [
        { id: 'ground', label: 'Ground', amount: 8 },
        { id: 'heavy', label: 'Ground, heavy', amount: 14.5, basis: 'weight', min: 2000 },
      ],
      freeShippingOver: 150,
      coldPackSurcharge: 6,
    },
    {
      id: 'world',
      name: 'Rest of world',
      countries: ['*'],
      rates: [{ id: 'air', label: 'Airmail', amount: 25, basis: 'subtotal', min: 0, max: 300 }],
    },
  ],
};

describe('shop shipping show and set', () => {
  it('shows the original flat rate before any is set, and --json in the form set --file reads', async () => {
    const result = await shop('shipping', 'show');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        '┌─────────────────────────┬───────────────┬──────────────────────────────┬────────┬────────┬───────────┬───────────┐',
        '│ zone                    │ ships to      │ rate                         │ when   │ amount │ free from │ cold pack │',
        '├─────────────────────────┼───────────────┼──────────────────────────────┼────────┼────────┼───────────┼───────────┤',
        '│ Everywhere (everywhere) │ rest of world │ Standard shipping (standard) │ always │ $15.00 │ $200.00   │ —         │',
        '└─────────────────────────┴───────────────┴──────────────────────────────┴────────┴────────┴───────────┴───────────┘',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('1 zone, 1 rate. Checkout offers the cheapest rate that applies first.\n');
    expect(await shown('shipping')).toEqual(DEFAULT_SHIPPING_CONFIG);
  });

  it('replaces the zones with a file’s, filling in defaults, and shows them', async () => {
    const set = await shop('shipping', 'set', '--file', file('zones.json', ZONES));
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toBe('Saved shipping: 2 zones, 3 rates.\n');
    const saved = await shown('shipping');
    expect(saved.zones[0]).toEqual({
      id: 'us',
      name: 'United States',
      countries: ['US'],
      regions: [],
      rates: [
        { id: 'ground', label: 'Ground', amount: 8, basis: 'flat', min: 0, max: null },
        { id: 'heavy', label: 'Ground, heavy', amount: 14.5, basis: 'weight', min: 2000, max: null },
      ],
      freeShippingOver: 150,
      coldPackSurcharge: 6,
    });
    const table = await shop('shipping', 'show');
    expect(table.stdout).toBe(
      [
        '┌───────────────────────┬───────────────┬───────────────────────┬─────────────────────────────────┬────────┬───────────┬───────────┐',
        '│ zone                  │ ships to      │ rate                  │ when                            │ amount │ free from │ cold pack │',
        '├───────────────────────┼───────────────┼───────────────────────┼─────────────────────────────────┼────────┼───────────┼───────────┤',
        '│ United States (us)    │ US            │ Ground (ground)       │ always                          │ $8.00  │ $150.00   │ +$6.00    │',
        '├───────────────────────┼───────────────┼───────────────────────┼─────────────────────────────────┼────────┼───────────┼───────────┤',
        '│                       │               │ Ground, heavy (heavy) │ weight 2,000 g and up           │ $14.50 │           │           │',
        '├───────────────────────┼───────────────┼───────────────────────┼─────────────────────────────────┼────────┼───────────┼───────────┤',
        '│ Rest of world (world) │ rest of world │ Airmail (air)         │ subtotal $0.00 to under $300.00 │ $25.00 │ —         │ —         │',
        '└───────────────────────┴───────────────┴───────────────────────┴─────────────────────────────────┴────────┴───────────┴───────────┘',
        '',
      ].join('\n'),
    );
    // What show --json prints, set --file takes back unchanged.
    const again = await shop(
      'shipping',
      'set',
      '--file',
      file('shown.json', (await shop('--json', 'shipping', 'show')).stdout),
    );
    expect(again.exitCode, again.stderr).toBe(0);
    expect(await shown('shipping')).toEqual(saved);
  });

  it.each([
    [
      'a negative amount',
      {
        zones: [
          { ...ZONES.zones[0], rates: [ZONES.zones[0]!.rates[0], { id: 'x', label: 'X', amount: -1 }] },
        ],
      },
      'zones.0.rates.1.amount: amount cannot be negative',
    ],
    [
      'a country the checkout does not offer',
      { zones: [{ ...ZONES.zones[1], countries: ['*', 'XX'] }] },
      'zones.0.countries.1: Not a country the checkout offers',
    ],
    ['a field it does not know', { zones: [], rate: 5 }, '(the whole file): Unrecognized key: "rate"'],
    [
      'a zone given twice',
      { zones: [ZONES.zones[1], ZONES.zones[1]] },
      'zones.1.id: Zone world is given twice',
    ],
  ])(
    'refuses %s with exit code 1, naming the JSON path, and changes nothing',
    async (_what, content, message) => {
      const before = await shown('shipping');
      const path = file('bad-zones.json', content);
      const result = await shop('shipping', 'set', '--file', path);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`shop: ${path} is not valid shipping settings; nothing was changed:\n`);
      expect(result.stderr).toContain(`  ${message}\n`);
      expect(result.stdout).toBe('');
      expect(await shown('shipping')).toEqual(before);
    },
  );

  it('refuses a file that is not JSON (exit 1), a missing one and no --file (exit 2)', async () => {
    const notJson = await shop('shipping', 'set', '--file', file('zones.txt', 'zones: everywhere'));
    expect(notJson.exitCode).toBe(1);
    expect(notJson.stderr).toMatch(/zones\.txt is not JSON \(.*\); nothing was changed\n$/);
    const missing = await shop('shipping', 'set', '--file', join(data.dir, 'nope.json'));
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toBe(`shop: --file: cannot read ${join(data.dir, 'nope.json')} (ENOENT)\n`);
    const none = await shop('shipping', 'set');
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('--file is required');
  });
});

const TAX: TaxConfigInput = {
  rates: [
    { country: 'US', region: 'ma', label: 'Sales tax', ratePercent: 6.25 },
    { country: 'GB', label: 'VAT', ratePercent: 20, inclusive: true },
  ],
};

describe('shop tax show and set', () => {
  it('says no tax is charged before any rate is set', async () => {
    const result = await shop('tax', 'show');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('No tax rates: no order is charged tax.\n');
    expect(await shown('tax')).toEqual({ rates: [] });
  });

  it('replaces the rates with a file’s and shows them', async () => {
    const set = await shop('--json', 'tax', 'set', '--file', file('rates.json', TAX));
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toBe('Saved tax: 2 rates.\n');
    const saved = {
      rates: [
        { country: 'US', region: 'MA', label: 'Sales tax', ratePercent: 6.25, inclusive: false },
        { country: 'GB', region: '', label: 'VAT', ratePercent: 20, inclusive: true },
      ],
    };
    expect(JSON.parse(set.stdout)).toEqual(saved);
    expect(await shown('tax')).toEqual(saved);
    const table = await shop('tax', 'show');
    expect(table.stdout).toBe(
      [
        '┌─────────┬────────┬───────────┬───────┬────────────────────┐',
        '│ country │ region │ label     │ rate  │ charged            │',
        '├─────────┼────────┼───────────┼───────┼────────────────────┤',
        '│ US      │ MA     │ Sales tax │ 6.25% │ added at checkout  │',
        '├─────────┼────────┼───────────┼───────┼────────────────────┤',
        '│ GB      │ all    │ VAT       │ 20%   │ included in prices │',
        '└─────────┴────────┴───────────┴───────┴────────────────────┘',
        '',
      ].join('\n'),
    );
    expect(table.stderr).toBe('2 tax rates; a destination without one pays no tax.\n');
  });

  it('refuses a bad rate with exit code 1, naming the JSON path, and changes nothing', async () => {
    const before = await shown('tax');
    const bad = {
      rates: [TAX.rates[0], { country: 'DE', ratePercent: -19 }, { country: 'FR', ratePercent: 5.555 }],
    };
    const result = await shop('tax', 'set', '--file', file('bad-rates.json', bad));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('  rates.1.ratePercent: ratePercent cannot be negative\n');
    expect(result.stderr).toContain('  rates.2.ratePercent: ratePercent can have at most 2 decimal places\n');
    expect(result.stdout).toBe('');
    expect(await shown('tax')).toEqual(before);
  });
});
