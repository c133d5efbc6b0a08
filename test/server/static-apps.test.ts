import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticApp } from '../../server/static-apps.js';

const page = (script: string) =>
  `<!doctype html><script type="module" src="/admin/assets/${script}"></script>`;

describe('serving a built app', () => {
  it('answers a client-side route with the index.html on disk now, also after a rebuild while the shop runs', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'static-app-'));
    writeFileSync(join(dist, 'index.html'), page('index-old.js'));
    const app = staticApp(dist, '/admin');
    expect(await (await app.request('/admin/orders')).text()).toContain('index-old.js');

    // A rebuild replaces the hashed assets; a page naming the old ones would stay blank.
    writeFileSync(join(dist, 'index.html'), page('index-new.js'));
    const response = await app.request('/admin/orders');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('index-new.js');
  });
});
