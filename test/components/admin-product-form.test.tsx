// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  changedFields,
  EMPTY_FORM,
  editPatch,
  formValuesOf,
  reapplyChanges,
  tidyDescription,
  toProductInput,
} from '../../admin-web/src/products/product-form-values.js';

const requests: string[] = [];
let ProductForm: typeof import('../../admin-web/src/products/product-form.js').ProductForm;

beforeAll(async () => {
  // Invalid input must be caught before anything is sent; only the apps' start-up config read is expected.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    // Reads (the start-up config, category and brand suggestions) are not sends.
    if ((init.method ?? 'GET') !== 'GET') requests.push(`${init.method} ${url}`);
    return new Response('{}', { status: 500 });
  });
  ({ ProductForm } = await import('../../admin-web/src/products/product-form.js'));
});
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

function renderNewProductForm() {
  const router = createMemoryRouter(
    [
      { path: '/manage-products/new', element: <ProductForm productId={null} initial={EMPTY_FORM} /> },
      { path: '/manage-products', element: <p>Product list</p> },
    ],
    { initialEntries: ['/manage-products/new'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the product editor', () => {
  it('names each invalid field next to it and sends nothing', async () => {
    const user = userEvent.setup();
    renderNewProductForm();
    await user.type(screen.getByLabelText('Price (USD)'), '12.345');
    await user.type(screen.getByLabelText('Stock'), '-1');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    screen.getByText('Name is required');
    screen.getByText('Price can have at most 2 decimal places');
    screen.getByText('Stock cannot be negative');
    expect(requests).toEqual([]);
  });

  it('clears a field’s error as soon as it is edited', async () => {
    const user = userEvent.setup();
    renderNewProductForm();
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    screen.getByText('Enter a price, e.g. 49.99');
    await user.type(screen.getByLabelText('Price (USD)'), '9');
    expect(screen.queryByText('Enter a price, e.g. 49.99')).toBeNull();
  });

  it('asks before leaving with unsaved changes, and not when nothing changed', async () => {
    const user = userEvent.setup();
    renderNewProductForm();
    await user.click(screen.getByRole('link', { name: 'Back to products' }));
    await screen.findByText('Product list');
    cleanup();

    renderNewProductForm();
    await user.type(screen.getByLabelText('Name'), 'Half-typed');
    await user.click(screen.getByRole('link', { name: 'Back to products' }));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Half-typed');
  });
});

describe('tidyDescription', () => {
  it('drops the editor’s empty paragraphs at either end only', () => {
    expect(tidyDescription('<p></p>')).toBe('');
    expect(tidyDescription('<p><br></p><p>Text</p><p></p>')).toBe('<p>Text</p>');
    expect(tidyDescription('<p>a</p><p></p><p>b</p>')).toBe('<p>a</p><p></p><p>b</p>');
  });
});

describe('editing a product', () => {
  it('shows its price as money, with two decimals', () => {
    const at = { seconds: 0, nanoseconds: 0 };
    const product = {
      id: 'p1',
      name: 'Bacteriostatic Water 30ml',
      price: 12.5,
      available: true,
      description: '',
      imgUrl: '',
      images: [],
      tags: [],
      category: 'Lab Supplies',
      brand: 'Helix Labs',
      stock: null,
      options: [],
      variants: [
        {
          id: 'p1',
          sku: '',
          options: {},
          price: 12.5,
          compareAtPrice: null,
          stock: null,
          available: true,
          imgUrl: '',
        },
      ],
      specs: {},
      createdAt: at,
      updatedAt: at,
      version: 1,
    };
    expect(formValuesOf(product).variants[0]!.price).toBe('12.50');
    const at129 = { ...product, variants: [{ ...product.variants[0]!, price: 129 }] };
    expect(formValuesOf(at129).variants[0]!.price).toBe('129.00');
    expect(formValuesOf(product).variants[0]!.stock).toBe('');
  });

  const only = { ...EMPTY_FORM.variants[0]!, id: 'v1', price: '30.00', stock: '10' };
  const opened = {
    ...EMPTY_FORM,
    name: 'Semax 10mg',
    category: 'Nootropics',
    variants: [only],
    description: '<p>Nasal spray</p>',
  };
  const withOnly = (values: typeof opened, change: Partial<typeof only>) => ({
    ...values,
    variants: [{ ...values.variants[0]!, ...change }],
  });
  const checked = (values: typeof opened) => toProductInput(values).input!;

  it('sends only the fields the admin changed; spacing the server trims and number spelling are no change', () => {
    const edited = withOnly(
      {
        ...opened,
        name: ' Semax 10mg ',
        category: 'Cognition',
        description: '<p>Nasal spray</p><p></p>',
      },
      { price: '30' },
    );
    expect(editPatch(opened, edited, checked(edited))).toEqual({ category: 'Cognition' });
    expect(editPatch(opened, opened, checked(opened))).toEqual({});
    const untracked = withOnly({ ...opened, available: false }, { stock: '' });
    expect(editPatch(opened, untracked, checked(untracked))).toEqual({ stock: null, available: false });
  });

  it('re-applies only the admin’s own changes onto the current product', () => {
    const mine = withOnly({ ...opened, category: 'Cognition' }, { price: '31' });
    const now = withOnly({ ...opened, brand: 'Other Lab' }, { stock: '4', price: '29.00' });
    expect(reapplyChanges(opened, mine, now)).toEqual(
      withOnly({ ...now, category: 'Cognition' }, { price: '31' }),
    );
    expect(changedFields(opened, now)).toEqual(['price', 'brand', 'stock']);
  });
});
