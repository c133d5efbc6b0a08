import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListedLot } from '../../../cli/commands/lots/lots.js';
import { databaseFile, imagesDir } from '../../../shared/backend/config.js';
import { openFirestoreStore } from '../../../shared/backend/store/firestore/firestore-store.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Lot } from '../../../shared/domain/lot.js';
import { newProductSchema, type Product } from '../../../shared/domain/product.js';
import { shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';
import { startFakeCloudStorage } from '../../support/fake-cloud-storage.js';
import { freshProjectId, startFirestoreEmulator } from '../../support/firestore-emulator.js';
import { TINY_PNG } from '../../support/images.js';
import { bpcCoa, twoSizeBpc } from '../../support/lots.js';

describe('shop lots, spawned with a real PDF made by pdfkit', () => {
  const data = tempDataDir('lots');
  const coa = join(data.dir, 'coa.pdf');
  const png = join(data.dir, 'photo.pdf');
  const shop = (...args: string[]) => shopProcess(['--data', data.dir, ...args]);
  const quick = (...args: string[]) => shopInProcess(data.dir, args);
  const stored = (lot: Lot) =>
    existsSync(join(imagesDir({ dataDir: data.dir }), lot.coaUrl.replace('/images/', '')));
  const pdfs = () => readdirSync(imagesDir({ dataDir: data.dir })).filter((name) => name.endsWith('.pdf'));
  let bpc: Product;
  let water: Product;

  beforeAll(async () => {
    const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
    bpc = await store.products.add(twoSizeBpc());
    water = await store.products.add(newProductSchema.parse({ name: 'Bacteriostatic Water', price: 12.5 }));
    await store.close();
    const pdf = await bpcCoa();
    writeFileSync(coa, pdf);
    writeFileSync(png, TINY_PNG);
  });
  afterAll(() => data.remove());

  it('adds a lot of the variant a SKU names (any case), stores its COA in the data folder, and lists it by product', async () => {
    const added = await shop(
      '--json',
      'lots',
      'add',
      'bpc157-10mg',
      '--lot',
      'hx-2611-014',
      '--coa',
      coa,
      '--purity',
      '99.2',
      '--tested',
      '2026-11-01',
    );
    expect(added.exitCode, added.stderr).toBe(0);
    const lot = JSON.parse(added.stdout) as Lot;
    expect(lot).toMatchObject({
      lotNumber: 'HX-2611-014',
      productId: bpc.id,
      variantId: bpc.variants[1]!.id,
      testedAt: '2026-11-01',
      purity: 99.2,
    });
    expect(stored(lot)).toBe(true);

    const listed = await shop('--json', 'lots', 'list', '--product', 'bpc-157');
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout) as ListedLot[]).toEqual([
      { ...lot, productName: 'BPC-157', sku: 'BPC157-10MG', options: { Size: '10 mg' } },
    ]);
    const table = await shop('lots', 'list');
    expect(table.exitCode, table.stderr).toBe(0);
    for (const shown of ['HX-2611-014', 'BPC-157', '10 mg', 'BPC157-10MG', '2026-11-01', '99.2%', lot.coaUrl])
      expect(table.stdout).toContain(shown);
    expect(table.stderr).toContain('1 lot');
  });

  it('takes a variant id as well as a SKU', async () => {
    const { exitCode, stderr, data } = await quick(
      'lots',
      'add',
      water.variants[0]!.id,
      '--lot',
      'BW-1',
      '--coa',
      coa,
      '--purity',
      '100',
      '--tested',
      '2026-10-30',
    );
    expect(exitCode, stderr).toBe(0);
    expect(data).toMatchObject({ lotNumber: 'BW-1', productId: water.id, variantId: water.variants[0]!.id });
  });

  it.each([
    [
      'a missing file',
      ['--coa', join(data.dir, 'missing.pdf')],
      2,
      `--coa: cannot read ${join(data.dir, 'missing.pdf')} (ENOENT)`,
    ],
    ['a PNG named .pdf', ['--coa', png], 2, `--coa: ${png} is not a PDF`],
    [
      'a date that is no day',
      ['--tested', '2026-02-30'],
      2,
      '--tested: Tested date must be a real day written YYYY-MM-DD',
    ],
    [
      'a purity that is no number',
      ['--purity', 'high'],
      2,
      '--purity must be a number (percent), e.g. 99.2 (got "high")',
    ],
    ['a purity over 100', ['--purity', '100.5'], 2, '--purity: Purity cannot be above 100%'],
    ['a lot already recorded', ['--lot', 'HX-2611-014'], 1, '--lot: Lot HX-2611-014 already exists'],
  ])('refuses %s naming the flag, storing nothing', async (_what, flags, exit, message) => {
    const options: Record<string, string> = {
      '--lot': 'NEW-1',
      '--coa': coa,
      '--purity': '99',
      '--tested': '2026-11-01',
    };
    for (let i = 0; i < flags.length; i += 2) options[flags[i]!] = flags[i + 1]!;
    const before = pdfs();
    const { exitCode, stderr } = await quick('lots', 'add', 'BPC157-5MG', ...Object.entries(options).flat());
    expect(exitCode).toBe(exit);
    expect(stderr).toBe(`shop: ${message}\n`);
    expect(pdfs()).toEqual(before);
  });

  it('refuses an unknown SKU (exit 1) and missing flags (exit 2), naming them', async () => {
    const unknown = await shop(
      'lots',
      'add',
      'NOPE-1',
      '--lot',
      'X-1',
      '--coa',
      coa,
      '--purity',
      '99',
      '--tested',
      '2026-11-01',
    );
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe('shop: <sku|variant-id>: no variant has the SKU or id "NOPE-1"');
    const missing = await quick('lots', 'add', 'BPC157-5MG', '--lot', 'X-1');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toBe('shop: Missing --coa, --purity, --tested\n');
    expect((await quick('--json', 'lots', 'list')).data).toHaveLength(2);
  });

  it('removes a lot by its number in any case, with its COA file, and says so when there is none', async () => {
    const [lot] = (await quick('--json', 'lots', 'list', '--product', bpc.id)).data as ListedLot[];
    const removed = await shop('--json', 'lots', 'remove', 'hx-2611-014');
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ lotNumber: 'HX-2611-014' });
    expect(stored(lot!)).toBe(false);
    const again = await shop('lots', 'remove', 'HX-2611-014');
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toBe('shop: Lot HX-2611-014 not found');
  });
});

describe('shop --backend firestore lots, spawned', () => {
  const data = tempDataDir('bucket-lots');
  const projectId = freshProjectId('lots');
  const bucket = `${projectId}.firebasestorage.app`;
  const coa = join(data.dir, 'coa.pdf');
  let firestore: Awaited<ReturnType<typeof startFirestoreEmulator>>;
  let storage: Awaited<ReturnType<typeof startFakeCloudStorage>>;

  beforeAll(async () => {
    [firestore, storage] = await Promise.all([startFirestoreEmulator(), startFakeCloudStorage()]);
    writeFileSync(
      coa,
      await bpcCoa({
        productName: 'Selank',
        variant: '',
        sku: 'SELANK-5MG',
        lotNumber: 'SL-1',
        purity: 99.5,
      }),
    );
  });
  afterAll(async () => {
    await storage.close();
    await firestore.stop();
    data.remove();
  });

  it('stores the COA in the project’s bucket as a PDF and the lot in Firestore; removing the lot removes the file', async () => {
    const store = openFirestoreStore({ projectId });
    const product = await store.products.add(
      newProductSchema.parse({ name: 'Selank', price: 38, sku: 'SELANK-5MG' }),
    );
    await store.close();
    const run = (...args: string[]) =>
      shopProcess(['--data', data.dir, '--backend', 'firestore', '--json', 'lots', ...args], {
        env: { SHOP_PROJECT_ID: projectId, FIREBASE_STORAGE_EMULATOR_HOST: storage.host },
      });
    const pdfsInBucket = () => [...storage.objects.values()].filter((o) => o.bucket === bucket);

    const added = await run(
      'add',
      'selank-5mg',
      '--lot',
      'sl-1',
      '--coa',
      coa,
      '--purity',
      '99.5',
      '--tested',
      '2026-11-03',
    );
    expect(added.exitCode, added.stderr).toBe(0);
    const lot = JSON.parse(added.stdout) as Lot;
    expect(lot).toMatchObject({
      lotNumber: 'SL-1',
      productId: product.id,
      variantId: product.variants[0]!.id,
    });
    const [object] = pdfsInBucket();
    expect(object).toMatchObject({ contentType: 'application/pdf' });
    expect(object!.name).toMatch(/^product-images\/[A-Za-z0-9]+\.pdf$/);
    expect(lot.coaUrl).toContain(encodeURIComponent(object!.name));

    const listed = await run('list');
    expect(JSON.parse(listed.stdout)).toEqual([
      { ...lot, productName: 'Selank', sku: 'SELANK-5MG', options: {} },
    ]);
    const removed = await run('remove', 'SL-1');
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(pdfsInBucket()).toEqual([]);
  });
});
