import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WriteBatch } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openFirestoreStore } from '../../shared/backend/store/firestore/firestore-store.js';
import { FirestoreProductRepository } from '../../shared/backend/store/firestore/product-repository.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { adminAuth, emulatorHost, signUp } from '../support/auth-users.js';
import { shopInProcess, shopProcess, tempDataDir } from '../support/cli.js';
import { TEST_PROJECT_ID } from '../support/constants.js';
import { freshProjectId, startFirestoreEmulator } from '../support/firestore-emulator.js';

const emulator = await startFirestoreEmulator();
afterAll(() => emulator.stop());

// `shop --backend firestore` reaches Firestore through FIRESTORE_EMULATOR_HOST (set by the emulator
// helper, and inherited by spawned processes), each test in a project of its own.
describe(`shop --backend firestore (${emulator.kind} emulator)`, () => {
  let data: ReturnType<typeof tempDataDir>;
  let projectId: string;
  const env = () => ({ SHOP_PROJECT_ID: projectId });
  const shop = (...args: string[]) => shopInProcess(data.dir, ['--backend', 'firestore', ...args], env());
  const csv = (text: string) => {
    const file = join(data.dir, 'catalogue.csv');
    writeFileSync(file, text);
    return file;
  };
  const inFirestore = async () => {
    const store = openFirestoreStore({ projectId });
    try {
      return await store.products.listAll();
    } finally {
      await store.close();
    }
  };

  beforeEach(() => {
    data = tempDataDir('firestore-cli');
    projectId = freshProjectId('cli');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    data.remove();
  });

  it('imports a CSV into Firestore, names unique and fields as in the file', async () => {
    const file = csv(
      'name,price,stock,category\nBPC-157 5mg,39.5,12,Repair\nTB-500,45,,Repair\nGHK-Cu,25,3,Skin\n',
    );
    const result = await shop('--json', 'products', 'import', file);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      rows: 3,
      created: 3,
      updated: 0,
      rejected: 0,
      written: true,
    });
    const stored = await inFirestore();
    expect(stored.map(({ name, price, stock, category }) => ({ name, price, stock, category }))).toEqual([
      { name: 'BPC-157 5mg', price: 39.5, stock: 12, category: 'Repair' },
      { name: 'GHK-Cu', price: 25, stock: 3, category: 'Skin' },
      { name: 'TB-500', price: 45, stock: null, category: 'Repair' },
    ]);
    const listed = JSON.parse((await shop('--json', 'products', 'list', '--all')).stdout) as Product[];
    expect(listed).toEqual(stored);

    const again = await shop('products', 'import', csv('name,price\nNew one,10\nghk-cu ,30\n'));
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('row 3, column name: A product with this name already exists');
    expect(await inFirestore()).toEqual(stored);
  });

  it('updates existing products from a CSV with --update-existing', async () => {
    await shop('products', 'add', '--name', 'Selank', '--price', '30', '--stock', '4');
    const result = await shop(
      '--json',
      'products',
      'import',
      csv('name,price\nSELANK,32.5\nSemax,28\n'),
      '--update-existing',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ created: 1, updated: 1 });
    expect((await inFirestore()).map(({ name, price, stock }) => [name, price, stock])).toEqual([
      ['SELANK', 32.5, 4],
      ['Semax', 28, null],
    ]);
  });

  it('names the products an import left written when it failed part way and could not be undone', async () => {
    await shop('products', 'add', '--name', 'Selank', '--price', '30');
    const rows = Array.from({ length: 200 }, (_, i) => `Peptide ${String(i).padStart(3, '0')},10`);
    const file = csv(['name,price', 'SELANK,32.5', ...rows].join('\n'));
    // The file's 201 products take more than one Firestore commit. Once the import has looked up the
    // last one's name, another admin adds it, so a later commit fails; Firestore then refuses the undo.
    const findByNames = FirestoreProductRepository.prototype.findByNames;
    vi.spyOn(FirestoreProductRepository.prototype, 'findByNames').mockImplementation(async function (
      this: FirestoreProductRepository,
      names,
    ) {
      const found = await findByNames.call(this, names);
      if (names.includes('Peptide 199')) {
        const other = openFirestoreStore({ projectId });
        await other.products.add(newProductSchema.parse({ name: 'Peptide 199', price: 12 }));
        await other.close();
      }
      return found;
    });
    vi.spyOn(WriteBatch.prototype, 'commit').mockRejectedValue(
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }),
    );

    const result = await shop('products', 'import', file, '--update-existing');
    vi.restoreAllMocks();
    expect(result.exitCode).toBe(1);
    const stored = await inFirestore();
    const selank = stored.find((p) => p.name === 'SELANK')!;
    const created = stored.filter((p) => p.name.startsWith('Peptide') && p.price === 10);
    expect(created.length).toBeGreaterThan(0);
    expect(result.stderr).toBe(
      `shop: ${file}: the import failed part way (A product with this name already exists: Peptide 199), ` +
        'and undoing it failed too. Everything else it wrote was undone; these products are still as the import left them:\n' +
        created.map((p) => `  created: ${p.name} (id ${p.id})\n`).join('') +
        `  updated, not restored: Selank (id ${selank.id})\n` +
        'Delete the created ones and check the updated ones (shop products list --all) before importing again.\n',
    );
  });

  it('grants the admin claim with admins grant', async () => {
    const user = await signUp();
    // Auth accounts live in the Auth emulator's test project, beside this test's Firestore data.
    const result = await shopInProcess(data.dir, ['--backend', 'firestore', 'admins', 'grant', user.email], {
      SHOP_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${user.email} is now an admin`);
    expect((await adminAuth().getUser(user.uid)).customClaims).toMatchObject({ isAdmin: true });
  });

  it('runs as a real process against Firestore', async () => {
    const options = { env: { ...env(), FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } };
    const added = await shopProcess(
      ['--backend', 'firestore', 'products', 'add', '--name', 'Spawned', '--price', '12'],
      options,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect((await inFirestore()).map((p) => p.name)).toEqual(['Spawned']);
    const listed = await shopProcess(['--backend', 'firestore', '--json', 'products', 'list'], options);
    expect((JSON.parse(listed.stdout) as Product[]).map((p) => p.name)).toEqual(['Spawned']);
  });

  it('says at once when there are no Google credentials, and at the end what to do about it', async () => {
    const result = await shopProcess(['--backend', 'firestore', 'products', 'list'], {
      env: {
        SHOP_PROJECT_ID: projectId,
        FIRESTORE_EMULATOR_HOST: '',
        GOOGLE_APPLICATION_CREDENTIALS: '',
        HOME: data.dir,
        CLOUDSDK_CONFIG: join(data.dir, 'gcloud'),
        // Off Google Cloud there is no metadata server; a closed port says so sooner.
        GCE_METADATA_HOST: '127.0.0.1:9',
      },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      'No Google credentials on this machine; asking the Google Cloud metadata server',
    );
    expect(result.stderr).toContain(
      'shop: no Google credentials for the firestore backend. Run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS',
    );
  });
});
