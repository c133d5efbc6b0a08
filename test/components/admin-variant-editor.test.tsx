// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changedFields,
  EMPTY_FORM,
  editPatch,
  formValuesOf,
  type ProductFormValues,
  reapplyChanges,
  toProductInput,
} from '../../admin-web/src/products/product-form-values.js';
import {
  addOption,
  addOptionValue,
  missingCombinations,
  removeOption,
  removeOptionValue,
  removeVariant,
  type VariantSet,
} from '../../admin-web/src/products/variant-rows.js';
import type { Product } from '../../shared/domain/product.js';

const at = { seconds: 1_700_000_000, nanoseconds: 0 };
const variant = (id: string, size: string, price: number, stock: number | null) => ({
  id,
  sku: `BPC-${size.replace(' ', '')}`.toUpperCase(),
  options: { Size: size },
  price,
  compareAtPrice: null,
  stock,
  available: true,
  imgUrl: '',
});
const twoSizes: Product = {
  id: 'bpc',
  name: 'BPC-157',
  price: 30,
  available: true,
  description: '',
  imgUrl: '',
  images: [],
  tags: [],
  category: 'Recovery',
  brand: 'Helix Labs',
  stock: 14,
  options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
  variants: [variant('v5', '5 mg', 30, 10), variant('v10', '10 mg', 50, 4)],
  specs: { casNumber: '137525-51-0' },
  createdAt: at,
  updatedAt: at,
  version: 3,
};

/** Requests the editor sent, and what the stand-in server answers to a create. */
let sent: { method: string; url: string; body: unknown }[];
let createAnswer: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let ProductForm: typeof import('../../admin-web/src/products/product-form.js').ProductForm;
let StaleEditPanel: typeof import('../../admin-web/src/products/stale-edit-panel.js').StaleEditPanel;

beforeAll(async () => {
  // The network boundary: the editor's real API clients talk to this stand-in for the server.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/categories')
      return json({
        categories: [
          { name: 'Nootropics', count: 2 },
          { name: 'Recovery', count: 5 },
        ],
      });
    if (method === 'GET' && url === '/api/brands')
      return json({ brands: [{ name: 'Helix Labs', count: 7 }] });
    if (method === 'GET') return json({ error: { code: 'not-found', message: 'No such route' } }, 404);
    sent.push({ method, url, body: JSON.parse(String(init.body)) });
    return createAnswer();
  });
  ({ ProductForm } = await import('../../admin-web/src/products/product-form.js'));
  ({ StaleEditPanel } = await import('../../admin-web/src/products/stale-edit-panel.js'));
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  sent = [];
  createAnswer = () => json({ error: { code: 'internal', message: 'Not expected' } }, 500);
});
afterEach(cleanup);

function renderNewProductForm() {
  const router = createMemoryRouter(
    [
      { path: '/manage-products/new', element: <ProductForm productId={null} initial={EMPTY_FORM} /> },
      { path: '/manage-products', element: <p>Product list</p> },
    ],
    { initialEntries: ['/manage-products/new'] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

/** Types a product with sizes 5 mg and 10 mg into the new-product editor. */
async function typeTwoSizes(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'BPC-157');
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  expect((screen.getByLabelText('Option 1 name') as HTMLInputElement).value).toBe('Size');
  await user.type(screen.getByLabelText('New Size value'), '5 mg{Enter}');
  await user.type(screen.getByLabelText('New Size value'), '10 mg');
  await user.click(screen.getByRole('button', { name: 'Add value' }));
  await user.type(screen.getByLabelText('Price (USD) of 5 mg'), '30');
  await user.type(screen.getByLabelText('Price (USD) of 10 mg'), '50');
}

const set = (options: VariantSet['options'], choices: string[][]): VariantSet => ({
  options,
  variants: choices.map((choice) => ({ ...EMPTY_FORM.variants[0]!, choice, price: '1' })),
});
const choices = (s: VariantSet) => s.variants.map((v) => v.choice.join('/'));

describe('the variant rows follow the options', () => {
  it('gives the first value of a new option to the existing row, then adds one row per new combination', () => {
    let s: VariantSet = { options: [], variants: [{ ...EMPTY_FORM.variants[0]!, price: '30' }] };
    s = addOptionValue(addOption(s, 'Size'), 0, '5 mg');
    expect(choices(s)).toEqual(['5 mg']);
    expect(s.variants[0]!.price).toBe('30');
    s = addOptionValue(s, 0, '10 mg');
    expect(choices(s)).toEqual(['5 mg', '10 mg']);
    s = addOptionValue(addOption(s, 'Form'), 1, 'Vial');
    expect(choices(s)).toEqual(['5 mg/Vial', '10 mg/Vial']);
    s = addOptionValue(s, 1, 'Pen');
    expect(choices(s)).toEqual(['5 mg/Vial', '10 mg/Vial', '5 mg/Pen', '10 mg/Pen']);
    // The same value again, in any case, is no new value.
    expect(addOptionValue(s, 0, ' 10 MG ')).toBe(s);
  });

  it('drops the rows of a removed value, collapses rows when an option goes, and keeps at least one row', () => {
    const sizes = { name: 'Size', values: ['5 mg', '10 mg'] };
    const forms = { name: 'Form', values: ['Vial', 'Pen'] };
    const full = set(
      [sizes, forms],
      [
        ['5 mg', 'Vial'],
        ['10 mg', 'Vial'],
        ['5 mg', 'Pen'],
        ['10 mg', 'Pen'],
      ],
    );
    expect(choices(removeOptionValue(full, 1, 'Pen'))).toEqual(['5 mg/Vial', '10 mg/Vial']);
    expect(choices(removeOption(full, 1))).toEqual(['5 mg', '10 mg']);
    const one = removeOption(set([sizes], [['5 mg'], ['10 mg']]), 0);
    expect(one.options).toEqual([]);
    expect(choices(one)).toEqual(['']);
    expect(removeVariant(one, 0)).toBe(one);
  });

  it('offers back a removed size as a combination no row has', () => {
    const s = set([{ name: 'Size', values: ['5 mg', '10 mg', '20 mg'] }], [['5 mg'], ['10 mg'], ['20 mg']]);
    const without = removeVariant(s, 1);
    expect(choices(without)).toEqual(['5 mg', '20 mg']);
    expect(missingCombinations(without)).toEqual([['10 mg']]);
  });
});

describe('the product editor’s options and variants', () => {
  it('creates a product with two sizes, sending options and one variant per size', async () => {
    createAnswer = () => json({ product: { ...twoSizes, id: 'new' } }, 201);
    const user = userEvent.setup();
    renderNewProductForm();
    await typeTwoSizes(user);
    await user.type(screen.getByLabelText('Stock of 10 mg'), '4');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await screen.findByText('Product list');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/admin/products' });
    expect(sent[0]!.body).toMatchObject({
      name: 'BPC-157',
      options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
      variants: [
        { options: { Size: '5 mg' }, price: 30, stock: null, compareAtPrice: null, sku: '', available: true },
        { options: { Size: '10 mg' }, price: 50, stock: 4, compareAtPrice: null, sku: '', available: true },
      ],
    });
    expect(sent[0]!.body).not.toHaveProperty('price');
  });

  it('names a SKU given twice and a bad CAS number next to their fields, and sends nothing', async () => {
    const user = userEvent.setup();
    renderNewProductForm();
    await typeTwoSizes(user);
    await user.type(screen.getByLabelText('SKU of 5 mg'), 'BPC-5');
    await user.type(screen.getByLabelText('SKU of 10 mg'), 'bpc-5');
    await user.type(screen.getByLabelText('Compare-at price (USD) of 10 mg'), '40');
    await user.type(screen.getByLabelText('CAS number'), '137525-51-1');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const sku10 = screen.getByLabelText('SKU of 10 mg');
    expect(sku10.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(sku10.getAttribute('aria-describedby')!)!.textContent).toBe(
      "SKU bpc-5 is also variant 1's",
    );
    expect(screen.getByLabelText('SKU of 5 mg').getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('product-variants-1-compareAtPrice-error')!.textContent).toBe(
      'Compare-at price must be higher than the price',
    );
    expect(document.getElementById('product-specs-casNumber-error')!.textContent).toMatch(
      /^CAS number is not valid/,
    );
    expect(sent).toEqual([]);

    // Editing a field clears its error only.
    await user.type(sku10, '0');
    expect(screen.getByLabelText('SKU of 10 mg').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('CAS number').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s duplicate-sku (409) and spec errors next to the fields they name', async () => {
    createAnswer = () =>
      json(
        {
          error: {
            code: 'duplicate-sku',
            message: 'SKU BPC-10 is already used',
            fields: [
              { field: 'variants.1.sku', message: 'SKU BPC-10 is already used by TB-500' },
              {
                field: 'specs.molecularFormula',
                message: 'Molecular formula must be at most 200 characters',
              },
            ],
          },
        },
        409,
      );
    const user = userEvent.setup();
    renderNewProductForm();
    await typeTwoSizes(user);
    await user.type(screen.getByLabelText('SKU of 10 mg'), 'BPC-10');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(screen.getByLabelText('SKU of 10 mg').getAttribute('aria-invalid')).toBe('true'),
    );
    screen.getByText('SKU BPC-10 is already used by TB-500');
    expect(document.getElementById('product-specs-molecularFormula-error')!.textContent).toBe(
      'Molecular formula must be at most 200 characters',
    );
    screen.getByText('Nothing was saved: correct the fields marked in red.');
    expect(sent).toHaveLength(1);
  });

  it('puts a duplicate-sku named "sku" on the SKU of a product sold one way', async () => {
    createAnswer = () =>
      json(
        {
          error: {
            code: 'duplicate-sku',
            message: 'SKU X-1 is already used',
            fields: [{ field: 'sku', message: 'SKU X-1 is already used by Semax' }],
          },
        },
        409,
      );
    const user = userEvent.setup();
    renderNewProductForm();
    await user.type(screen.getByLabelText('Name'), 'Selank');
    await user.type(screen.getByLabelText('Price (USD)'), '20');
    await user.type(screen.getByLabelText('SKU'), 'X-1');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(screen.getByLabelText('SKU').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('product-variants-0-sku-error')!.textContent).toBe(
      'SKU X-1 is already used by Semax',
    );
  });

  it('suggests the shop’s categories and brands', async () => {
    renderNewProductForm();
    const category = screen.getByLabelText('Category');
    const list = document.getElementById(category.getAttribute('list')!)!;
    await waitFor(() =>
      expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['Nootropics', 'Recovery']),
    );
    const brands = document.getElementById(screen.getByLabelText('Brand').getAttribute('list')!)!;
    await waitFor(() =>
      expect([...brands.querySelectorAll('option')].map((o) => o.value)).toEqual(['Helix Labs']),
    );
  });
});

describe('editing a product with sizes', () => {
  const opened = formValuesOf(twoSizes);
  const edit = (change: (v: ProductFormValues) => ProductFormValues) => {
    const edited = change(structuredClone(opened));
    return editPatch(opened, edited, toProductInput(edited).input!);
  };

  it('sends the options and every variant with its id when one size’s price changes', () => {
    const patch = edit((v) => {
      v.variants[1]!.price = '55';
      return v;
    });
    expect(patch).toEqual({
      options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
      variants: [
        {
          id: 'v5',
          sku: 'BPC-5MG',
          options: { Size: '5 mg' },
          price: 30,
          compareAtPrice: null,
          stock: 10,
          available: true,
          imgUrl: '',
        },
        {
          id: 'v10',
          sku: 'BPC-10MG',
          options: { Size: '10 mg' },
          price: 55,
          compareAtPrice: null,
          stock: 4,
          available: true,
          imgUrl: '',
        },
      ],
    });
  });

  it('adds a size to a product sold one way, keeping its variant', () => {
    const single = formValuesOf({
      ...twoSizes,
      options: [],
      variants: [{ ...variant('only', '', 30, 10), options: {} }],
    });
    let edited: ProductFormValues = { ...single, ...addOptionValue(addOption(single, 'Size'), 0, '5 mg') };
    edited = { ...edited, ...addOptionValue(edited, 0, '10 mg') };
    edited.variants[1]!.price = '50';
    const patch = editPatch(single, edited, toProductInput(edited).input!);
    expect(Object.keys(patch).sort()).toEqual(['options', 'variants']);
    expect(patch.variants).toMatchObject([
      { id: 'only', options: { Size: '5 mg' }, price: 30, stock: 10 },
      { options: { Size: '10 mg' }, price: 50, stock: null },
    ]);
    expect(patch.variants![1]).not.toHaveProperty('id');
  });

  it('switching off the only variant of a product sold one way sends it as the product’s one variant', () => {
    const single = formValuesOf({
      ...twoSizes,
      options: [],
      variants: [{ ...variant('only', '', 30, 10), options: {} }],
    });
    const off = { ...single, variants: [{ ...single.variants[0]!, available: false }] };
    expect(changedFields(single, off)).toEqual(['variants']);
    expect(editPatch(single, off, toProductInput(off).input!)).toEqual({
      options: [],
      variants: [
        {
          id: 'only',
          sku: 'BPC-',
          options: {},
          price: 30,
          compareAtPrice: null,
          stock: 10,
          available: false,
          imgUrl: '',
        },
      ],
    });
  });

  it('removing a size sends the set without it', () => {
    const patch = edit((v) => ({ ...v, variants: [v.variants[1]!] }));
    expect(patch.variants!.map((v) => v.id)).toEqual(['v10']);
  });

  it('re-applies the admin’s price onto the current sizes and keeps the stock orders took meanwhile', () => {
    const mine = structuredClone(opened);
    mine.variants[1]!.price = '55';
    const now = formValuesOf({
      ...twoSizes,
      variants: [variant('v5', '5 mg', 30, 7), variant('v10', '10 mg', 50, 1)],
    });
    expect(changedFields(opened, now)).toEqual(['variants']);
    const merged = reapplyChanges(opened, mine, now);
    expect(merged.variants.map((v) => [v.id, v.price, v.stock])).toEqual([
      ['v5', '30.00', '7'],
      ['v10', '55', '1'],
    ]);
  });

  it('the stale comparison shows that the variants changed, as they were, are and as the admin has them', () => {
    const mine = structuredClone(opened);
    mine.variants[1]!.price = '55';
    const now = formValuesOf({
      ...twoSizes,
      variants: [variant('v5', '5 mg', 30, 7), variant('v10', '10 mg', 50, 4)],
    });
    render(<StaleEditPanel opened={opened} now={now} mine={mine} onReload={() => {}} onReapply={() => {}} />);
    const row = within(screen.getByRole('alert')).getByRole('row', { name: /Options and variants/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '5 mg: BPC-5MG, $30.00, stock 10; 10 mg: BPC-10MG, $50.00, stock 4',
      '5 mg: BPC-5MG, $30.00, stock 7; 10 mg: BPC-10MG, $50.00, stock 4',
      '5 mg: BPC-5MG, $30.00, stock 10; 10 mg: BPC-10MG, $55.00, stock 4',
    ]);
  });
});
