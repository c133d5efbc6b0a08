import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/auth-users.js';
import { readOutbox, startSmtpInbox } from '../support/smtp-inbox.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

describe('POST /api/contact', () => {
  it('stores a message, with the sender’s uid when signed in', async () => {
    const user = await signUp();
    const response = await t.app.request(
      '/api/contact',
      jsonRequest(
        'POST',
        { name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Canada?' },
        user.idToken,
      ),
    );
    expect(response.status).toBe(201);
    const { message } = await response.json();
    expect(message).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Do you ship to Canada?',
    });
    expect(message.uid).toBeUndefined();
    expect((await t.store.messages.list())[0]).toMatchObject({ id: message.id, uid: user.uid });
  });

  it('forwards each message to the staff inbox, a reply going to the sender', async () => {
    const response = await t.app.request(
      '/api/contact',
      jsonRequest('POST', {
        name: 'Rosalind',
        email: 'rf@example.com',
        message: 'Is there a COA for TB-500?',
      }),
    );
    expect(response.status).toBe(201);
    const forwarded = (await readOutbox(t.dataDir)).find((m) => m.subject === 'Contact form: Rosalind');
    expect(forwarded).toMatchObject({
      to: 'support@helixpeptides.example',
      replyTo: '"Rosalind" <rf@example.com>',
    });
    expect(forwarded?.text).toContain('Is there a COA for TB-500?');
    expect(forwarded?.text).toContain('From Rosalind <rf@example.com>, not signed in');
  });

  it('puts only the sender’s validated address in Reply-To, whatever addresses their name holds', async () => {
    const inbox = await startSmtpInbox();
    const mailing = createTestApp({}, { SHOP_SMTP_URL: inbox.url });
    try {
      for (const name of [
        'Jane <attacker@evil.example>, ceo@helixpeptides.example,',
        'Jane" <attacker@evil.example>, "x',
        'Jane\r\nBcc: attacker@evil.example',
        '=?utf-8?q?attacker=40evil.example?= <attacker@evil.example>',
      ]) {
        const response = await mailing.app.request(
          '/api/contact',
          jsonRequest('POST', { name, email: 'jane@example.com', message: 'Please call me back today.' }),
        );
        expect(response.status).toBe(201);
      }
      expect(inbox.mails).toHaveLength(4);
      for (const mail of inbox.mails) {
        expect(mail.replyToAddresses).toEqual(['jane@example.com']);
        expect(mail.toAddresses).toEqual(['support@helixpeptides.example']);
        expect(mail.envelopeTo).toEqual(['support@helixpeptides.example']);
      }
      // The name is kept, as the display name a mail client shows.
      expect(inbox.mails[0]?.replyTo).toBe(
        '"Jane <attacker@evil.example>, ceo@helixpeptides.example," <jane@example.com>',
      );
    } finally {
      await mailing.close();
      await inbox.close();
    }
  });

  it('names each invalid field', async () => {
    const response = await t.app.request(
      '/api/contact',
      jsonRequest('POST', { name: '', email: 'nope', message: 'hi' }),
    );
    expect(response.status).toBe(400);
    const fields = (await response.json()).error.fields;
    expect(fields).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'message', message: 'Message must be at least 10 characters' },
    ]);
  });

  it('slows down a sender who posts too often', async () => {
    const fresh = createTestApp();
    const send = () =>
      fresh.app.request(
        '/api/contact',
        jsonRequest('POST', { name: 'Spam', email: 's@example.com', message: 'Buy now buy now' }),
      );
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await send();
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await limited.json()).error.code).toBe('rate-limited');
    await fresh.close();
  });

  it('counts each client apart by the proxy’s client-address header only when told to trust it', async () => {
    const post = (app: ReturnType<typeof createTestApp>, client: string) =>
      app.app.request('/api/contact', {
        ...jsonRequest('POST', { name: 'Ada', email: 'a@example.com', message: 'Is BPC-157 in stock?' }),
        headers: { 'content-type': 'application/json', 'fastly-client-ip': client },
      });
    const statuses = async (app: ReturnType<typeof createTestApp>, clients: string[]) => {
      const seen = [];
      for (const client of clients) seen.push((await post(app, client)).status);
      return seen;
    };
    const sixFromOne = Array(6).fill('203.0.113.7');

    const behindHosting = createTestApp({}, { SHOP_CLIENT_IP_HEADER: 'Fastly-Client-IP' });
    expect(await statuses(behindHosting, [...sixFromOne, '198.51.100.2'])).toEqual([
      201, 201, 201, 201, 201, 429, 201,
    ]);
    await behindHosting.close();

    // Without the setting a client cannot dodge the limit by inventing the header.
    const direct = createTestApp();
    expect(await statuses(direct, ['1', '2', '3', '4', '5', '6'])).toEqual([201, 201, 201, 201, 201, 429]);
    await direct.close();
  });
});
