import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import { freePort } from '../../../shared/backend/net.js';
import { openSqliteStore, type SqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order } from '../../../shared/domain/order.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import { SAMPLE_ADDRESS } from '../../contract/order-store.contract.js';
import { shopInProcess, tempDataDir } from '../../support/cli.js';
import { startSmtpInbox } from '../../support/smtp-inbox.js';

const folder = tempDataDir('mail');
let store: SqliteStore;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
const anHourAgo = Date.now() - 60 * 60_000;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // Changes made an hour ago by a shop that stopped before sending their e-mails.
  store = openSqliteStore({ file: databaseFile({ dataDir: folder.dir }), now: () => anHourAgo });
});
afterAll(async () => {
  await store.close();
  await inbox.close();
  folder.remove();
});

const shop = (env: Record<string, string>, ...args: string[]) => shopInProcess(folder.dir, args, env);
const queueOne = async (subject: string): Promise<Order> => {
  const p = await store.products.add(newProductSchema.parse({ name: subject, price: 10 }));
  const placed = await store.orders.place(
    {
      uid: 'u1',
      email: 'buyer@example.com',
      lines: [{ productId: p.id, quantity: 1 }],
      shippingAddress: SAMPLE_ADDRESS,
      paymentProvider: 'manual',
      idempotencyKey: `mail-cli-${subject}`,
    },
    (order) => [
      {
        to: { name: '', address: order.email },
        subject: `${subject} ${order.number}`,
        text: subject,
        html: subject,
      },
    ],
  );
  return placed.order;
};

describe('shop mail', () => {
  it('send delivers what a stopped shop left in the outbox, and list then shows it sent', async () => {
    const order = await queueOne('Left over');
    const sent = await shop({ SHOP_SMTP_URL: inbox.url }, 'mail', 'send');
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sent.stderr).toContain('1 sent, 0 to retry later, 0 given up on');
    expect(inbox.mails.map((m) => m.subject)).toEqual([`Left over ${order.number}`]);
    const listed = await shop({}, '--json', 'mail', 'list');
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        status: 'sent',
        attempts: 1,
        mail: expect.objectContaining({ to: { name: '', address: 'buyer@example.com' } }),
      }),
    ]);
    expect((await shop({ SHOP_SMTP_URL: inbox.url }, 'mail', 'send')).stderr).toContain('0 sent');
    expect(inbox.mails).toHaveLength(1);
  });

  it('send exits 1 while the mail server is down, and list keeps reporting e-mails given up on', async () => {
    const order = await queueOne('Unlucky');
    const down = `smtp://127.0.0.1:${await freePort()}`;
    const failed = await shop({ SHOP_SMTP_URL: down }, 'mail', 'send');
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain(
      `could not send "Unlucky ${order.number}" to buyer@example.com (attempt 1 of 10)`,
    );
    expect(failed.stderr).toContain('0 sent, 1 to retry later, 0 given up on');
    const pending = JSON.parse((await shop({}, '--json', 'mail', 'list', '--status', 'pending')).stdout);
    expect(pending).toEqual([
      expect.objectContaining({ attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) }),
    ]);

    const [claimed] = await store.outbox.claimDue(Date.now() + 60 * 60_000, 1);
    await store.outbox.markFailed(claimed!.id, claimed!.lease, {
      retryAt: null,
      error: 'mailbox unavailable',
    });
    const listed = await shop({}, 'mail', 'list', '--status', 'failed');
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toContain(`Unlucky ${order.number}`);
    expect(listed.stdout).toContain('mailbox unavailable');
    expect(listed.stderr).toContain(
      '1 e-mail was given up on after the last attempt and is kept in the outbox.',
    );
    expect((await shop({}, 'mail', 'list', '--status', 'lost')).exitCode).toBe(2);
  });
});
