import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFirestoreStore } from '../../shared/backend/store/firestore/firestore-store.js';
import type { Product } from '../../shared/domain/product.js';
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
  afterEach(() => data.remove());

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
