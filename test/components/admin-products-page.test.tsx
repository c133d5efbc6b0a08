// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogueState } from '../../shared/backend/catalogue/catalogue-state.js';
import { parseCatalogueQuery } from '../../shared/domain/catalogue-query.js';
import type { Product } from '../../shared/domain/product.js';

const product = (i: number): Product => ({
  id: `p${i}`,
  name: `Peptide ${String(i).padStart(2, '0')}`,
  price: 10 + i,
  available: true,
  description: '',
  imgUrl: '',
  images: [],
  tags: [],
  category: 'Research',
  brand: 'Helix',
  stock: null,
  options: [],
  variants: [
    {
      id: `p${i}`,
      sku: '',
      options: {},
      price: 10 + i,
      compareAtPrice: null,
      stock: null,
      available: true,
      imgUrl: '',
    },
  ],
  specs: {},
  createdAt: { seconds: 1_700_000_000 + i, nanoseconds: 0 },
  updatedAt: { seconds: 1_700_000_000 + i, nanoseconds: 0 },
  version: 1,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let products: Product[];
let refuseAvailability: boolean;
let requests: string[];

let ProductsPage: typeof import('../../admin-web/src/products/products-page.js').ProductsPage;

beforeAll(async () => {
  // The network boundary: the page's real API client talks to this stand-in for the server. The
  // client keeps the fetch it was made with, so the stand-in goes in before the page is imported.
  vi.stubGlobal('fetch', fakeServer);
  ({ ProductsPage } = await import('../../admin-web/src/products/products-page.js'));
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  products = Array.from({ length: 23 }, (_, i) => product(i + 1));
  refuseAvailability = false;
  requests = [];
});
afterEach(cleanup);

async function fakeServer(url: string, init: RequestInit = {}) {
  const method = init.method ?? 'GET';
  requests.push(`${method} ${url}`);
  if (method === 'GET' && url.startsWith('/api/admin/products?')) return json(listed(url));
  if (method === 'GET' && url === '/api/admin/products') return json(listed(url));
  const toggle = /^\/api\/admin\/products\/(\w+)\/availability$/.exec(url);
  if (method === 'PUT' && toggle) {
    if (refuseAvailability) return json({ error: { code: 'forbidden', message: 'Admins only' } }, 403);
    const { available } = JSON.parse(String(init.body));
    const updated = { ...products.find((p) => p.id === toggle[1])!, available };
    products = products.map((p) => (p.id === updated.id ? updated : p));
    return json({ product: updated });
  }
  const remove = /^\/api\/admin\/products\/(\w+)$/.exec(url);
  if (method === 'DELETE' && remove) {
    products = products.filter((p) => p.id !== remove[1]);
    return new Response(null, { status: 204 });
  }
  return json({ error: { code: 'not-found', message: 'No such route' } }, 404);
}

/** The server's page, from the same catalogue index and parser the real route uses. */
function listed(url: string) {
  const params = new URL(url, 'http://shop').searchParams;
  const { query } = parseCatalogueQuery({ perPage: '10', ...Object.fromEntries(params) }, 'admin');
  const state = new CatalogueState();
  state.load(products);
  state.finishLoad();
  const page = state.list(query, 'admin');
  const { page: at, perPage, total, totalPages } = page;
  return {
    products: page.products.map((summary) => products.find((p) => p.id === summary.id)!),
    page: at,
    perPage,
    total,
    totalPages,
    categories: page.facets.category,
  };
}

function renderPage(path = '/manage-products') {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <ProductsPage />
        <Toaster />
      </MemoryRouter>
    </SWRConfig>,
  );
}

const rowNames = () =>
  screen.getAllByTestId('admin-product-row').map((row) => within(row).getByRole('link').textContent);

describe('the admin product list', () => {
  // Typing into the search box re-renders the list per key: seconds on a busy machine.
  it('shows 10 products a page, searchable and sortable by price, as the server pages them', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('23 products');
    expect(rowNames()).toHaveLength(10);
    expect(rowNames()[0]).toBe('Peptide 01');
    screen.getByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Peptide 11'));
    expect(requests.at(-1)).toBe('GET /api/admin/products?page=2');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price (high to low)');
    await user.type(screen.getByLabelText('Search'), 'peptide 1');
    // The search box waits for typing to pause before it asks the server.
    await screen.findByText('10 products', undefined, { timeout: 5_000 });
    expect(rowNames()).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10].map((n) => `Peptide ${n}`));
  });

  it('filters by availability, stock and category, each asked of the server', async () => {
    products = [
      { ...product(1), name: 'Hidden', available: false },
      {
        ...product(2),
        name: 'Low',
        category: 'Metabolic',
        variants: [{ ...product(2).variants[0]!, stock: 3 }],
      },
      { ...product(3), name: 'Sold out', variants: [{ ...product(3).variants[0]!, stock: 0 }] },
      {
        ...product(4),
        name: 'Plenty',
        category: 'Metabolic',
        variants: [{ ...product(4).variants[0]!, stock: 50 }],
      },
    ];
    const user = userEvent.setup();
    renderPage('/manage-products?available=false');
    await screen.findByText('1 product');
    expect(rowNames()).toEqual(['Hidden']);
    await user.selectOptions(screen.getByLabelText('Availability'), 'All products');
    await screen.findByText('4 products');
    await user.selectOptions(screen.getByLabelText('Stock'), 'Low stock (5 or fewer)');
    await waitFor(() => expect(rowNames()).toEqual(['Low']));
    await user.selectOptions(screen.getByLabelText('Stock'), 'Out of stock');
    await waitFor(() => expect(rowNames()).toEqual(['Sold out']));
    await user.selectOptions(screen.getByLabelText('Stock'), 'Any stock');
    await user.selectOptions(screen.getByLabelText('Category'), 'Metabolic (2)');
    await waitFor(() => expect(rowNames()).toEqual(['Low', 'Plenty']));
    expect(requests.at(-1)).toBe('GET /api/admin/products?category=Metabolic');
  });

  it('sorts by name and by date, showing the chosen sort as selected', async () => {
    // Added in an order unlike the alphabet, so name and date orders differ.
    products = [
      { ...product(1), name: 'Thymosin Beta-4', createdAt: { seconds: 1_700_000_300, nanoseconds: 0 } },
      { ...product(2), name: 'BPC-157', createdAt: { seconds: 1_700_000_100, nanoseconds: 0 } },
      { ...product(3), name: 'ipamorelin', createdAt: { seconds: 1_700_000_200, nanoseconds: 0 } },
      { ...product(4), name: 'Semaglutide', createdAt: { seconds: 1_700_000_400, nanoseconds: 0 } },
    ];
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('4 products');
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    const selected = () =>
      within(sort)
        .getAllByRole('option')
        .filter((option) => (option as HTMLOptionElement).selected)
        .map((option) => option.textContent)
        .join();
    expect(selected()).toBe('Name (A–Z)');
    // Case does not decide the order: "ipamorelin" sits between B and S.
    expect(rowNames()).toEqual(['BPC-157', 'ipamorelin', 'Semaglutide', 'Thymosin Beta-4']);

    await user.selectOptions(sort, 'Newest first');
    expect(selected()).toBe('Newest first');
    await waitFor(() => expect(rowNames()[0]).toBe('Semaglutide'));
    expect(rowNames()).toEqual(['Semaglutide', 'Thymosin Beta-4', 'ipamorelin', 'BPC-157']);

    await user.selectOptions(sort, 'Name (A–Z)');
    expect(selected()).toBe('Name (A–Z)');
    await waitFor(() => expect(rowNames()[0]).toBe('BPC-157'));
    expect(rowNames()).toEqual(['BPC-157', 'ipamorelin', 'Semaglutide', 'Thymosin Beta-4']);
  });

  it('shows each product’s variant count and total stock, "—" when untracked, and a cue when nothing can be bought', async () => {
    const size = (id: string, price: number, stock: number | null, available = true) => ({
      id,
      sku: id.toUpperCase(),
      options: { Size: id },
      price,
      compareAtPrice: null,
      stock,
      available,
      imgUrl: '',
    });
    const sizes = { name: 'Size', values: ['5mg', '10mg', '20mg'] };
    products = [
      {
        ...product(1),
        name: 'BPC-157',
        price: 30,
        stock: 14,
        options: [sizes],
        variants: [size('5mg', 30, 10), size('10mg', 50, 4), size('20mg', 90, null)],
      },
      { ...product(2), name: 'Semax' },
      {
        ...product(3),
        name: 'TB-500',
        price: 40,
        stock: 3,
        options: [sizes],
        variants: [size('5mg', 40, 0), size('10mg', 60, 3, false)],
      },
    ];
    renderPage();
    await screen.findByText('3 products');
    const cells = (name: string) =>
      within(screen.getByRole('link', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // Select, image, name, category, price, variants, stock, added, available, actions.
    expect(cells('BPC-157').slice(2, 7)).toEqual(['BPC-157', 'Research', 'from $30.00', '3', '14']);
    expect(cells('Semax').slice(2, 7)).toEqual(['Semax', 'Research', '$12.00', '1', '—']);
    expect(cells('TB-500').slice(2, 7)).toEqual([
      'TB-500Nothing to sell',
      'Research',
      'from $40.00',
      '2',
      '3',
    ]);
    expect(screen.getAllByText('Nothing to sell')).toHaveLength(1);
  });

  it('applies an availability switch at once', async () => {
    const user = userEvent.setup();
    renderPage();
    const toggle = (await screen.findByLabelText('Peptide 01 available')) as HTMLInputElement;
    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    await waitFor(() => expect(requests).toContain('PUT /api/admin/products/p1/availability'));
    expect(products[0]!.available).toBe(false);
  });

  it('rolls the switch back with an error toast when the server refuses', async () => {
    refuseAvailability = true;
    const user = userEvent.setup();
    renderPage();
    const toggle = (await screen.findByLabelText('Peptide 02 available')) as HTMLInputElement;
    await user.click(toggle);
    await screen.findByText('Could not change “Peptide 02”: Admins only');
    expect(toggle.checked).toBe(true);
  });

  it('asks before deleting, naming the product', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Peptide 03' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Peptide 03”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false);
    expect(rowNames()).toContain('Peptide 03');
  });

  it('deletes the product once confirmed, and its row goes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Peptide 03' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Peptide 03”?' });
    expect(dialog.textContent).toContain('“Peptide 03” will be removed from the shop for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted “Peptide 03”');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toContain('DELETE /api/admin/products/p3');
    await screen.findByText('22 products');
    expect(rowNames()).not.toContain('Peptide 03');
    expect(rowNames()[2]).toBe('Peptide 04');
  });
});
