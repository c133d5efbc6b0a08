// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_COA_BYTES } from '../../shared/domain/constants.js';
import type { Lot } from '../../shared/domain/lot.js';

const at = { seconds: 1_700_000_000, nanoseconds: 0 };
const product = {
  id: 'bpc',
  name: 'BPC-157',
  variants: [
    {
      id: 'v5',
      sku: 'BPC-5',
      options: { Size: '5 mg' },
      price: 30,
      compareAtPrice: null,
      stock: 10,
      available: true,
      imgUrl: '',
    },
    {
      id: 'v10',
      sku: 'BPC-10',
      options: { Size: '10 mg' },
      price: 50,
      compareAtPrice: null,
      stock: 4,
      available: true,
      imgUrl: '',
    },
  ],
};
const lot = (lotNumber: string, variantId: string, testedAt: string): Lot => ({
  lotNumber,
  productId: 'bpc',
  variantId,
  testedAt,
  purity: 99.2,
  coaUrl: `/files/coa/${lotNumber}.pdf`,
  createdAt: at,
});

let lots: Lot[];
let sent: { method: string; url: string; form?: Record<string, FormDataEntryValue> }[];
let addAnswer: (() => Response) | null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let LotsSection: typeof import('../../admin-web/src/products/lots-section.js').LotsSection;

beforeAll(async () => {
  // The network boundary: a stand-in for the lot routes of the API.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/lots?productId=bpc') return json({ lots });
    if (method === 'POST' && url === '/api/admin/lots') {
      const form = Object.fromEntries((init.body as FormData).entries());
      sent.push({ method, url, form });
      if (addAnswer) return addAnswer();
      const added = {
        ...lot(String(form.lotNumber).toUpperCase(), String(form.variantId), String(form.testedAt)),
        purity: Number(form.purity),
      };
      lots = [added, ...lots];
      return json({ lot: added }, 201);
    }
    const remove = /^\/api\/admin\/lots\/(.+)$/.exec(url);
    if (method === 'DELETE' && remove) {
      sent.push({ method, url });
      lots = lots.filter((l) => l.lotNumber !== decodeURIComponent(remove[1]!));
      return new Response(null, { status: 204 });
    }
    return json({ error: { code: 'not-found', message: 'No such route' } }, 404);
  });
  ({ LotsSection } = await import('../../admin-web/src/products/lots-section.js'));
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  lots = [lot('BPC-2611-B', 'v10', '2026-11-02'), lot('BPC-2610-A', 'v5', '2026-10-01')];
  sent = [];
  addAnswer = null;
});
afterEach(cleanup);

function renderSection() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <LotsSection product={product} />
      <Toaster />
    </SWRConfig>,
  );
}

const pdf = (bytes = 1000) => new File([new Uint8Array(bytes)], 'coa.pdf', { type: 'application/pdf' });
const rows = () =>
  within(screen.getByRole('table', { name: 'Lots' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent),
    );

describe('the lots of a product in its editor', () => {
  it('lists each lot with its variant, test day, purity and a link to its COA', async () => {
    renderSection();
    await screen.findByRole('table', { name: 'Lots' });
    expect(rows()).toEqual([
      ['BPC-2611-B', '10 mg · BPC-10', '2026-11-02', '99.2%'],
      ['BPC-2610-A', '5 mg · BPC-5', '2026-10-01', '99.2%'],
    ]);
    expect(screen.getByRole('link', { name: 'COA PDF of lot BPC-2610-A' }).getAttribute('href')).toBe(
      '/files/coa/BPC-2610-A.pdf',
    );
  });

  it('checks the lot number, day, purity and file before uploading anything', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('table', { name: 'Lots' });
    await user.type(screen.getByLabelText('Lot number'), 'lot #1');
    await user.clear(screen.getByLabelText('Tested on'));
    await user.type(screen.getByLabelText('Measured purity (%)'), '101');
    await user.click(screen.getByRole('button', { name: 'Add lot' }));
    screen.getByText(
      'Lot number must be 1 to 40 letters, digits, dots, dashes or slashes, as printed on the vial',
    );
    screen.getByText('Tested date must be a real day written YYYY-MM-DD');
    screen.getByText('Purity cannot be above 100%');
    screen.getByText('Choose the certificate of analysis (a PDF)');

    await user.upload(screen.getByLabelText('Certificate of analysis (PDF)'), pdf(MAX_COA_BYTES + 1));
    await user.click(screen.getByRole('button', { name: 'Add lot' }));
    screen.getByText('The PDF is larger than 10 MB');
    expect(sent).toEqual([]);
  });

  it('uploads a lot for the chosen size as multipart form data and lists it', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('table', { name: 'Lots' });
    await user.selectOptions(screen.getByLabelText('Variant'), '5 mg · BPC-5');
    await user.type(screen.getByLabelText('Lot number'), 'bpc-2611-c');
    await user.clear(screen.getByLabelText('Tested on'));
    await user.type(screen.getByLabelText('Tested on'), '2026-11-03');
    await user.type(screen.getByLabelText('Measured purity (%)'), '99.41');
    await user.upload(screen.getByLabelText('Certificate of analysis (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Add lot' }));
    await screen.findByText('Added lot BPC-2611-C');
    expect(sent).toHaveLength(1);
    const form = sent[0]!.form!;
    expect({ ...form, coa: undefined }).toEqual({
      lotNumber: 'bpc-2611-c',
      productId: 'bpc',
      variantId: 'v5',
      testedAt: '2026-11-03',
      purity: '99.41',
      coa: undefined,
    });
    expect((form.coa as File).name).toBe('coa.pdf');
    await waitFor(() => expect(rows()[0]).toEqual(['BPC-2611-C', '5 mg · BPC-5', '2026-11-03', '99.41%']));
    expect((screen.getByLabelText('Lot number') as HTMLInputElement).value).toBe('');
  });

  it('shows a lot number already taken (409 duplicate-lot) on the lot number', async () => {
    addAnswer = () =>
      json({ error: { code: 'duplicate-lot', message: 'Lot BPC-2610-A already exists' } }, 409);
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('table', { name: 'Lots' });
    await user.type(screen.getByLabelText('Lot number'), 'BPC-2610-A');
    await user.type(screen.getByLabelText('Measured purity (%)'), '99');
    await user.upload(screen.getByLabelText('Certificate of analysis (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Add lot' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Lot number').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(document.getElementById('lot-lotNumber-error')!.textContent).toBe('Lot BPC-2610-A already exists');
  });

  it('deletes a lot only once confirmed', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete lot BPC-2610-A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete lot BPC-2610-A?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete lot BPC-2610-A' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete lot BPC-2610-A?' })).getByRole('button', {
        name: 'Delete lot',
      }),
    );
    await screen.findByText('Deleted lot BPC-2610-A');
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/admin/lots/BPC-2610-A' }]);
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['BPC-2611-B']));
  });
});
