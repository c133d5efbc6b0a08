import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../shared/backend/config.js';
import { packageRoot } from '../../shared/backend/paths.js';
import type { StoredMessage } from '../../shared/backend/store/port.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order } from '../../shared/domain/order.js';
import type { Product } from '../../shared/domain/product.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { cliEnv, shopProcess, tempDataDir } from '../support/cli.js';
import { TEST_ADDRESS } from '../support/constants.js';

/** What a terminal would act on: C0 controls but newline and tab, DEL, and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const ESC = '\x1b';
const CLEAR_SCREEN = `${ESC}[2J`;
const WINDOW_TITLE = `${ESC}]0;pwned\x07`;
const LINK = `${ESC}]8;;https://evil.example/${ESC}\\Official COA${ESC}]8;;${ESC}\\`;
const C1_RED = '\u009b31m';

const productName = `Evil ${CLEAR_SCREEN}peptide${WINDOW_TITLE} ${C1_RED}red\x7f`;
const description = `<p>See ${LINK}</p>`;
const shopper = `Mallory${WINDOW_TITLE}`;
const message = `Hello${CLEAR_SCREEN}\rOverwritten: see ${LINK} ${C1_RED}`;

/** Printed text: nothing raw, and the stored escapes shown as \xNN. */
function expectVisible(text: string, ...shown: string[]) {
  expect(text).not.toMatch(RAW_CONTROL);
  for (const s of shown) expect(text).toContain(s);
}

describe('stored text with terminal escapes, printed by bin/shop', () => {
  const data = tempDataDir('terminal-escapes');
  const run = (...args: string[]) => shopProcess(['--data', data.dir, ...args], { exactOutput: true });
  let product: Product;
  let order: Order;

  beforeAll(async () => {
    const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }) });
    product = await store.products.add(
      newProductSchema.parse({
        name: productName,
        price: 39.99,
        description,
        imgUrl: '',
        category: `Tissue${ESC}[5m`,
        brand: '',
        stock: 10,
      }),
    );
    await store.messages.add({ name: shopper, email: 'mallory@example.com', message, uid: null });
    ({ order } = await store.orders.place({
      uid: 'uid-mallory',
      email: 'mallory@example.com',
      lines: [{ productId: product.id, quantity: 1 }],
      shippingAddress: { ...TEST_ADDRESS, fullName: shopper, line2: '' },
      paymentProvider: 'manual',
      idempotencyKey: 'terminal-escapes-order',
    }));
    await store.close();
  });
  afterAll(() => data.remove());

  it('shows control characters in product, message and order listings as \\xNN, raw nowhere', async () => {
    const [products, messages, full, orders, shown] = await Promise.all([
      run('products', 'list', '--all'),
      run('messages', 'list'),
      run('messages', 'list', '--full'),
      run('orders', 'list'),
      run('orders', 'show', order.number),
    ]);
    for (const result of [products, messages, full, orders, shown]) {
      expect(result.exitCode, result.stderr).toBe(0);
      expectVisible(result.stderr);
    }
    expectVisible(products.stdout, 'Evil \\x1b[2Jpeptide\\x1b]0;pwned\\x07 \\x9b31mred\\x7f');
    expectVisible(messages.stdout, 'Mallory\\x1b]0;pwned\\x07', 'Hello\\x1b[2J Overwritten: see \\x1b]8;;');
    expectVisible(
      full.stdout,
      'Mallory\\x1b]0;pwned\\x07 <mallory@example.com>',
      'Hello\\x1b[2J\\x0dOverwritten: see \\x1b]8;;https://evil.example/\\x1b\\Official COA\\x1b]8;;\\x1b\\ \\x9b31m',
    );
    expectVisible(orders.stdout, order.number);
    expectVisible(shown.stdout, '1 × Evil \\x1b[2Jpeptide', 'Ship to: Mallory\\x1b]0;pwned\\x07,');
  });

  it('shows them in messages on stderr too: a changed product, an import report, an error', async () => {
    const csv = join(data.dir, `import.csv`);
    writeFileSync(csv, `name,price,colour${CLEAR_SCREEN}\n"${productName}2",1,x\n"${productName}2",2,y\n`);
    const [toggled, imported, missing] = await Promise.all([
      run('products', 'toggle', product.id, '--on'),
      run('products', 'import', csv, '--dry-run'),
      run('orders', 'show', `HP-${CLEAR_SCREEN}`),
    ]);
    expect(toggled.exitCode, toggled.stderr).toBe(0);
    expectVisible(toggled.stderr, 'Evil \\x1b[2Jpeptide');
    expect(imported.exitCode).toBe(1);
    expectVisible(imported.stderr, 'Ignored column: colour\\x1b[2J', '"Evil \\x1b[2Jpeptide');
    expectVisible(imported.stdout);
    expect(missing.exitCode).toBe(1);
    expectVisible(missing.stderr, 'HP-\\x1b[2J');
  });

  it('keeps --json exact: control characters escaped as JSON, the stored text parsed back unchanged', async () => {
    const [products, messages] = await Promise.all([
      run('--json', 'products', 'list', '--all'),
      run('--json', 'messages', 'list'),
    ]);
    expectVisible(products.stdout, '\\u001b[2J', '\\u009b31m', '\\u007f');
    expectVisible(messages.stdout);
    expect((JSON.parse(products.stdout) as Product[]).map((p) => [p.name, p.description])).toEqual([
      [productName, expect.stringContaining(`${ESC}]8;;https://evil.example/`)],
    ]);
    expect((JSON.parse(messages.stdout) as StoredMessage[])[0]).toMatchObject({ name: shopper, message });
  });

  it('exports CSV exactly through a pipe (import reads it back), and visibly to a terminal', async () => {
    const piped = await run('products', 'export');
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).toContain(productName);
    const exported = join(data.dir, 'exported.csv');
    writeFileSync(exported, piped.stdout);
    const reimport = await run('--json', 'products', 'import', exported, '--dry-run', '--update-existing');
    expect(JSON.parse(reimport.stdout)).toMatchObject({ created: 0, updated: 1, rejected: 0 });

    // a real terminal: `script` runs shop on a pseudo-terminal, which shows \n as \r\n
    const shop = join(packageRoot(), 'bin', 'shop');
    const onTerminal = await execa(
      'script',
      ['-qec', `"${shop}" --data "${data.dir}" products export`, '/dev/null'],
      {
        env: cliEnv(),
        extendEnv: false,
        reject: false,
      },
    );
    expect(onTerminal.exitCode, onTerminal.stderr).toBe(0);
    expectVisible(onTerminal.stdout.replace(/\r\n/g, '\n'), 'Evil \\x1b[2Jpeptide\\x1b]0;pwned\\x07');
  });
});
