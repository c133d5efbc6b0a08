import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, firebaseProjectId, loadConfig } from '../../shared/backend/config.js';

const base = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SHOP_DATA_DIR: '/srv/shop-data' };

describe('configuration from the environment', () => {
  it('names each bad variable and what it should look like', () => {
    expect(() => loadConfig({ ...base, SHOP_SMTP_URL: 'https://mail.example.com', PORT: 'eighty' })).toThrow(
      [
        'Invalid configuration:',
        '  PORT: PORT must be a number',
        '  SHOP_SMTP_URL: SHOP_SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
      ].join('\n'),
    );
  });

  it('sends e-mail through SMTP when configured, else into the embedded shop’s outbox, else nowhere', () => {
    const smtp = loadConfig({ ...base, SHOP_SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).mail;
    expect(smtp).toEqual({
      smtpUrl: 'smtps://u:p@smtp.example.com:465',
      from: 'Helix Peptides <support@helixpeptides.example>',
      staffInbox: 'support@helixpeptides.example',
      outboxDir: null,
    });
    expect(loadConfig(base).mail.outboxDir).toBe(join('/srv/shop-data', 'outbox'));
    expect(loadConfig({ ...base, SHOP_BACKEND: 'firestore' }).mail.outboxDir).toBeNull();
  });

  it('links e-mails to the public address when there is one, else to this server', () => {
    expect(loadConfig({ ...base, SHOP_PUBLIC_URL: 'https://shop.example.com/' }).shopUrl).toBe(
      'https://shop.example.com',
    );
    expect(loadConfig({ ...base, PORT: '8080' }).shopUrl).toBe('http://127.0.0.1:8080');
  });

  it('runs the Auth emulator only with a demo- project, whichever variable names it', () => {
    expect(loadConfig(base).web.projectId).toBe('demo-peptide-shop');
    expect(loadConfig({ ...base, GCLOUD_PROJECT: 'demo-from-runtime' }).projectId).toBe('demo-from-runtime');
    expect(
      loadConfig({ ...base, SHOP_PROJECT_ID: 'demo-mine', GCLOUD_PROJECT: 'demo-other' }).web.projectId,
    ).toBe('demo-mine');
    for (const variable of ['SHOP_PROJECT_ID', 'GCLOUD_PROJECT']) {
      const load = () => loadConfig({ ...base, [variable]: 'helix-prod' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        `${variable}=helix-prod cannot be used with the Firebase Auth emulator: its ID tokens are unsigned, so it must run a demo- project, which guarantees nothing reaches a real Firebase project.`,
      );
    }
  });

  it('takes any project with real Firebase Auth', () => {
    const real = { SHOP_DATA_DIR: '/srv/shop-data', SHOP_FIREBASE_API_KEY: 'AIza-key' };
    const config = loadConfig({ ...real, GCLOUD_PROJECT: 'helix-prod' });
    expect(config.web).toMatchObject({ projectId: 'helix-prod', authDomain: 'helix-prod.firebaseapp.com' });
    expect(config.web.authEmulatorUrl).toBeUndefined();
    expect(firebaseProjectId({ SHOP_PROJECT_ID: 'helix-prod' }, { authEmulator: false })).toBe('helix-prod');
  });

  it('treats an empty SHOP_PROJECT_ID as unset', () => {
    expect(
      firebaseProjectId({ SHOP_PROJECT_ID: '', GCLOUD_PROJECT: 'demo-gcloud' }, { authEmulator: true }),
    ).toBe('demo-gcloud');
    expect(() => firebaseProjectId({ GCLOUD_PROJECT: 'helix-prod' }, { authEmulator: true })).toThrow(
      'GCLOUD_PROJECT=helix-prod',
    );
  });
});
