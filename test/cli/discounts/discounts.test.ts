import { userInfo } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { AuditPage } from '../../../shared/domain/audit.js';
import type { Discount } from '../../../shared/domain/discount.js';
import { newProductSchema, type Product } from '../../../shared/domain/product.js';
import { shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';

const data = tempDataDir('discounts');
const shop = (...args: string[]) => shopInProcess(data.dir, args);
const me = `cli:${userInfo().username}`;
let bpc: Product;

async function storedDiscounts(): Promise<Discount[]> {
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
  try {
    return await store.discounts.list();
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
  bpc = await store.products.add(newProductSchema.parse({ name: 'BPC-157 5mg', price: 39.99 }));
  await store.close();
});
afterAll(() => data.remove());

describe('shop discounts create, list, disable and enable', () => {
  it('creates a code from its flags (any case, kept in capitals) and shows it in a table', async () => {
    const result = await shop(
      'discounts',
      'create',
      '--code',
      'lab15',
      '--type',
      'percent',
      '--value',
      '15',
      '--affiliate',
      'Lab Co',
      '--commission',
      '12.5',
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('Created discount code LAB15: 15% off.\n');
    expect(result.stdout).toBe(
      [
        '┌───────┬─────────┬────────────┬──────────┬──────────────┬────────────┬───────────────────┬────────────────┬────────┐',
        '│ code  │ value   │ applies to │ dates    │ min subtotal │ uses/limit │ once per customer │ affiliate      │ active │',
        '├───────┼─────────┼────────────┼──────────┼──────────────┼────────────┼───────────────────┼────────────────┼────────┤',
        '│ LAB15 │ 15% off │ everything │ any time │ —            │ 0/∞        │ no                │ Lab Co (12.5%) │ yes    │',
        '└───────┴─────────┴────────────┴──────────┴──────────────┴────────────┴───────────────────┴────────────────┴────────┘',
        '',
      ].join('\n'),
    );
    const [stored] = await storedDiscounts();
    expect(stored).toMatchObject({ code: 'LAB15', type: 'percent', value: 15, commissionPercent: 12.5 });
  });

  it('--json prints {discount} with every limit the flags set; --products takes ids or names', async () => {
    await sleep(5); // newer than LAB15, so listed first
    const result = await shop(
      '--json',
      'discounts',
      'create',
      '--code',
      'WELCOME5',
      '--type',
      'amount',
      '--value',
      '5',
      '--products',
      'bpc-157 5mg',
      '--categories',
      'Tissue Repair, Nootropics',
      '--starts',
      '2026-12-01T00:00:00Z',
      '--ends',
      '2027-01-01T00:00:00Z',
      '--min-subtotal',
      '50',
      '--limit',
      '10',
      '--once-per-customer',
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const { discount } = JSON.parse(result.stdout) as { discount: Discount };
    expect(discount).toEqual({
      code: 'WELCOME5',
      type: 'amount',
      value: 5,
      productIds: [bpc.id],
      categories: ['Tissue Repair', 'Nootropics'],
      startsAt: '2026-12-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
      minSubtotal: 50,
      usageLimit: 10,
      oncePerCustomer: true,
      affiliate: null,
      commissionPercent: 0,
      active: true,
      uses: 0,
      createdAt: expect.any(String),
    });
    expect(result.data).toEqual({ discount });
    expect((await storedDiscounts()).map((d) => d.code)).toEqual(['WELCOME5', 'LAB15']);
  });

  it('lists every code, newest first, as a table and as {discounts}', async () => {
    const table = await shop('discounts', 'list');
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toBe(
      [
        '┌──────────┬───────────┬──────────────────────────────────────┬────────────────────────────┬──────────────┬────────────┬───────────────────┬────────────────┬────────┐',
        '│ code     │ value     │ applies to                           │ dates                      │ min subtotal │ uses/limit │ once per customer │ affiliate      │ active │',
        '├──────────┼───────────┼──────────────────────────────────────┼────────────────────────────┼──────────────┼────────────┼───────────────────┼────────────────┼────────┤',
        `│ WELCOME5 │ $5.00 off │ products ${bpc.id}        │ from 2026-12-01T00:00:00Z  │ $50.00       │ 0/10       │ yes               │ —              │ yes    │`,
        '│          │           │ categories Tissue Repair, Nootropics │ until 2027-01-01T00:00:00Z │              │            │                   │                │        │',
        '├──────────┼───────────┼──────────────────────────────────────┼────────────────────────────┼──────────────┼────────────┼───────────────────┼────────────────┼────────┤',
        '│ LAB15    │ 15% off   │ everything                           │ any time                   │ —            │ 0/∞        │ no                │ Lab Co (12.5%) │ yes    │',
        '└──────────┴───────────┴──────────────────────────────────────┴────────────────────────────┴──────────────┴────────────┴───────────────────┴────────────────┴────────┘',
        '',
      ].join('\n'),
    );
    expect(table.stderr).toBe('2 discount codes\n');
    const json = await shop('--json', 'discounts', 'list');
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ discounts: await storedDiscounts() });
  });

  it('disables and enables a code (any case), saying when nothing changed, and --json prints {discount}', async () => {
    const off = await shop('--json', 'discounts', 'disable', 'lab15');
    expect(off.exitCode, off.stderr).toBe(0);
    expect(off.stderr).toBe('Discount code LAB15 is now disabled.\n');
    expect(JSON.parse(off.stdout)).toEqual({ discount: { ...(await storedDiscounts())[1], active: false } });
    expect((await storedDiscounts())[1]!.active).toBe(false);

    const again = await shop('discounts', 'disable', 'LAB15');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toBe('Discount code LAB15 is already disabled; nothing changed.\n');
    expect(again.stdout).toContain(
      '│ LAB15 │ 15% off │ everything │ any time │ —            │ 0/∞        │ no                │ Lab Co (12.5%) │ no     │',
    );

    const on = await shop('discounts', 'enable', 'LAB15');
    expect(on.exitCode, on.stderr).toBe(0);
    expect(on.stderr).toBe('Discount code LAB15 is now enabled.\n');
    expect((await storedDiscounts())[1]!.active).toBe(true);
  });

  it('records each change in the audit log as the operating-system user', async () => {
    const result = await shop('--json', 'audit', 'list', '--entity', 'discount', '--id', 'LAB15');
    expect(result.exitCode, result.stderr).toBe(0);
    const { entries } = JSON.parse(result.stdout) as AuditPage;
    expect(entries.map((e) => [e.actor, e.action])).toEqual([
      [me, 'updated'],
      [me, 'updated'],
      [me, 'created'],
    ]);
  });

  it('refuses an unknown code with exit code 1, writing nothing', async () => {
    for (const verb of ['disable', 'enable']) {
      const result = await shop('discounts', verb, 'NOPE15');
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe('shop: There is no discount code NOPE15\n');
      expect(result.stdout).toBe('');
    }
    const malformed = await shop('discounts', 'disable', 'x');
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toBe('shop: <code>: A discount code is 3 to 32 letters, digits, - or _\n');
  });

  it('refuses a code that exists (any case) with exit code 1, leaving it as it was', async () => {
    const before = await storedDiscounts();
    const result = await shop('discounts', 'create', '--code', 'Lab15', '--type', 'amount', '--value', '3');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('shop: --code: Discount code LAB15 already exists\n');
    expect(result.stdout).toBe('');
    expect(await storedDiscounts()).toEqual(before);
  });

  const valid = ['--code', 'NEW10', '--type', 'percent', '--value', '10'];
  const without = (flag: string) => {
    const at = valid.indexOf(flag);
    return [...valid.slice(0, at), ...valid.slice(at + 2)];
  };
  it.each([
    [without('--code'), '--code: Enter a discount code'],
    [[...without('--type'), '--type', 'pct'], '--type: type must be percent or amount'],
    [[...without('--value'), '--value', 'ten'], '--value: value must be a number'],
    [[...without('--value'), '--value', ''], '--value: value must be a number'],
    [[...without('--value'), '--value', '150'], '--value: A percentage off must be at most 100'],
    [[...without('--value'), '--value', '9.999'], '--value: value can have at most 2 decimal places'],
    [
      [...valid, '--starts', 'tomorrow'],
      '--starts: startsAt must be a date and time such as 2026-12-01T00:00:00Z',
    ],
    [
      [...valid, '--starts', '2026-12-02T00:00:00Z', '--ends', '2026-12-01T00:00:00Z'],
      '--ends: endsAt must be after startsAt',
    ],
    [[...valid, '--min-subtotal', '-5'], '--min-subtotal: minSubtotal cannot be negative'],
    [[...valid, '--limit', '2.5'], '--limit: usageLimit must be a whole number'],
    [[...valid, '--limit', '0'], '--limit: usageLimit must be at least 1'],
    [[...valid, '--commission', '5'], '--commission: A commission needs an affiliate'],
    [
      [...valid, '--affiliate', 'Lab Co', '--commission', '101'],
      '--commission: commissionPercent must be at most 100',
    ],
    [[...valid, '--products', 'No such vial'], '--products: No product has the id or name "No such vial"'],
  ])('refuses %j with exit code 2, naming the flag, and writes nothing', async (args, message) => {
    const result = await shop('discounts', 'create', ...args);
    expect(result.stderr).toContain(message);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect((await storedDiscounts()).map((d) => d.code)).toEqual(['WELCOME5', 'LAB15']);
  });

  it('prints one JSON document on stdout when spawned into a pipe', async () => {
    const result = await shopProcess(['--data', data.dir, '--json', 'discounts', 'list'], {
      exactOutput: true,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const parsed = JSON.parse(result.stdout) as { discounts: Discount[] };
    expect(parsed.discounts.map((d) => d.code)).toEqual(['WELCOME5', 'LAB15']);
  });
});
