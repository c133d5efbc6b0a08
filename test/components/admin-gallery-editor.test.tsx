// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changedFields,
  EMPTY_FORM,
  formValuesOf,
  type ProductFormValues,
} from '../../admin-web/src/products/product-form-values.js';
import type { Product } from '../../shared/domain/product.js';

const at = { seconds: 1_700_000_000, nanoseconds: 0 };
const size = (id: string, label: string, price: number, imgUrl = '') => ({
  id,
  sku: '',
  options: { Size: label },
  price,
  compareAtPrice: null,
  stock: null,
  available: true,
  imgUrl,
});
const pictured: Product = {
  id: 'ipa',
  name: 'Ipamorelin',
  price: 30,
  available: true,
  description: '',
  imgUrl: '/images/front.png',
  images: ['/images/back.png', '/images/label.png'],
  tags: ['GH', 'Research'],
  category: '',
  brand: '',
  stock: null,
  options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
  variants: [size('v5', '5 mg', 30), size('v10', '10 mg', 50, '/images/label.png')],
  specs: {},
  createdAt: at,
  updatedAt: at,
  version: 4,
};

let sent: { method: string; url: string; body: unknown }[];
let uploads: string[];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let ProductForm: typeof import('../../admin-web/src/products/product-form.js').ProductForm;

beforeAll(async () => {
  // The network boundary: the editor's real API clients talk to this stand-in for the server.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method === 'GET') return json({ categories: [], brands: [] });
    if (url === '/api/admin/images') {
      const file = (init.body as FormData).get('image') as File;
      uploads.push(file.name);
      return json({ url: `/images/up-${file.name}`, contentType: 'image/png', size: file.size }, 201);
    }
    const body = JSON.parse(String(init.body));
    sent.push({ method, url, body });
    return json({ product: { ...pictured, ...body, id: 'saved' } }, method === 'POST' ? 201 : 200);
  });
  ({ ProductForm } = await import('../../admin-web/src/products/product-form.js'));
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  sent = [];
  uploads = [];
});
afterEach(cleanup);

function renderForm(productId: string | null, initial: ProductFormValues, version?: number) {
  const path = productId ? `/manage-products/${productId}` : '/manage-products/new';
  const router = createMemoryRouter(
    [
      { path, element: <ProductForm productId={productId} initial={initial} version={version} /> },
      { path: '/manage-products', element: <p>Product list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return userEvent.setup();
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const galleryOrder = () =>
  within(screen.getByRole('list', { name: 'Gallery images' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

describe('the product editor’s gallery, tags and size images', () => {
  it('uploads several gallery images at once, orders and removes them, and sends them with tags and a size’s image', async () => {
    const user = renderForm(null, EMPTY_FORM);
    await user.type(screen.getByLabelText('Name'), 'Ipamorelin');
    await user.upload(screen.getByLabelText('Add to gallery'), [png('a.png'), png('b.png'), png('c.png')]);
    await screen.findByRole('img', { name: 'Gallery 3 of 3' });
    expect(uploads).toEqual(['a.png', 'b.png', 'c.png']);
    expect(galleryOrder()).toEqual(['/images/up-a.png', '/images/up-b.png', '/images/up-c.png']);
    await user.click(screen.getByRole('button', { name: 'Move gallery image 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Move gallery image 1 down' }));
    expect(galleryOrder()).toEqual(['/images/up-c.png', '/images/up-a.png', '/images/up-b.png']);
    await user.click(screen.getByRole('button', { name: 'Remove gallery image 2' }));
    expect(galleryOrder()).toEqual(['/images/up-c.png', '/images/up-b.png']);

    await user.type(screen.getByLabelText('Tags'), 'Recovery, GH ,, Research');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('New Size value'), '5 mg{Enter}');
    await user.type(screen.getByLabelText('New Size value'), '10 mg{Enter}');
    await user.type(screen.getByLabelText('Price (USD) of 5 mg'), '30');
    await user.type(screen.getByLabelText('Price (USD) of 10 mg'), '50');
    // The gallery is what a size can show (there is no main image here).
    const choice = screen.getByLabelText('Image of 10 mg');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['The product’s', 'Main image', 'Gallery image 1']);
    await user.selectOptions(choice, 'Gallery image 1');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await screen.findByText('Product list');

    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      images: ['/images/up-c.png', '/images/up-b.png'],
      tags: ['Recovery', 'GH', 'Research'],
      variants: [
        { options: { Size: '5 mg' }, imgUrl: '' },
        { options: { Size: '10 mg' }, imgUrl: '/images/up-b.png' },
      ],
    });
  });

  it('refuses a file that is not an image before uploading it, naming it', async () => {
    renderForm(null, EMPTY_FORM);
    // as a file picker set to "All files" lets through
    const user = userEvent.setup({ applyAccept: false });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Add to gallery'), [text, png('ok.png')]);
    expect(await screen.findByText('notes.txt: Choose a JPEG, PNG or WebP image')).toBeTruthy();
    await screen.findByRole('img', { name: 'Gallery 1 of 1' });
    expect(uploads).toEqual(['ok.png']);
  });

  it('sends only the tags when only they changed, and names a tag the shop refuses next to the field', async () => {
    const user = renderForm('ipa', formValuesOf(pictured), pictured.version);
    expect((screen.getByLabelText('Tags') as HTMLInputElement).value).toBe('GH, Research');
    await user.type(screen.getByLabelText('Tags'), `, ${'x'.repeat(61)}`);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('A tag must be at most 60 characters')).toBeTruthy();
    expect(screen.getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Tags'));
    await user.type(screen.getByLabelText('Tags'), 'GH, Sale');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Product list');
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/admin/products/ipa', body: { tags: ['GH', 'Sale'] } },
    ]);
  });

  it('keeps a size’s image that leaves the gallery chosen, named as not in the gallery, until another is picked', async () => {
    const user = renderForm('ipa', formValuesOf(pictured), pictured.version);
    const choice = () => screen.getByLabelText('Image of 10 mg') as HTMLSelectElement;
    expect(choice().selectedOptions[0]?.textContent).toBe('Gallery image 2');
    await user.click(screen.getByRole('button', { name: 'Remove gallery image 2' }));
    expect(choice().value).toBe('/images/label.png');
    expect(choice().selectedOptions[0]?.textContent).toBe('Not in the gallery: label.png');
    await user.selectOptions(choice(), 'Main image');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Product list');
    expect(sent[0]!.body).toMatchObject({
      images: ['/images/back.png'],
      variants: [
        { id: 'v5', imgUrl: '' },
        { id: 'v10', imgUrl: '/images/front.png' },
      ],
    });
  });
});

describe('what an edit of the gallery and tags changes', () => {
  it('counts reordering the gallery and retyping the tags as changes, and spacing in the tags as none', () => {
    const opened = formValuesOf(pictured);
    expect(changedFields(opened, { ...opened, tags: ' GH ,Research ' })).toEqual([]);
    expect(changedFields(opened, { ...opened, tags: 'Research, GH' })).toEqual(['tags']);
    expect(changedFields(opened, { ...opened, images: [...opened.images].reverse() })).toEqual(['images']);
  });
});
