// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/domain/product.js';
import { StorePage } from '../../web/src/store/store-page.js';
import { product, resetBetweenTests, Storefront, serveCatalogue, variant } from './storefront-fixtures.js';

resetBetweenTests();

// Prices 10, 20, ..., 140: fourteen products, three pages of six (names padded so they sort as numbered).
const catalogue: Product[] = Array.from({ length: 14 }, (_, i) =>
  product(`p${i + 1}`, `Peptide ${String(i + 1).padStart(2, '0')}`, (i + 1) * 10),
);
const numbered = (...ns: number[]) => ns.map((n) => `Peptide ${String(n).padStart(2, '0')}`);

function renderStore(at: string, products = catalogue) {
  const requests = serveCatalogue(() => products);
  render(
    <Storefront at={at}>
      <StorePage />
    </Storefront>,
  );
  return { user: userEvent.setup(), requests };
}

const names = () =>
  screen.queryAllByTestId('product-card').map((c) => within(c).getByRole('heading').textContent);
const location = () => screen.getByTestId('location').textContent;
const listed = (text: string) => screen.findByText(text);

describe('store listing', () => {
  it('shows six products per page, asks the server for that page only, and keeps the page in the URL', async () => {
    const { user, requests } = renderStore('/store');
    await listed('Page 1 of 3');
    expect(names()).toEqual(numbered(1, 2, 3, 4, 5, 6));
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(location()).toBe('/store?page=3');
    await waitFor(() => expect(names()).toEqual(numbered(13, 14)));
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(location()).toBe('/store?page=2');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(requests.filter((r) => r.startsWith('/api/products'))).toEqual([
      '/api/products',
      '/api/products?page=3',
      '/api/products?page=2',
    ]);
  });

  it('links the first, the last and two pages either side of the current one, however many pages there are', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      product(`m${i}`, `Peptide ${String(i + 1).padStart(2, '0')}`, 10),
    );
    renderStore('/store?page=5', many);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Previous', '1', '3', '4', '5', '6', '7', '10', 'Next']);
    expect(within(pages).getByText('Page 5 of 10')).toBeTruthy();
  });

  it('restores page and price range from the URL', async () => {
    renderStore('/store?min=30&max=110&page=2');
    await listed('Showing 7–9 of 9 products');
    expect(names()).toEqual(numbered(9, 10, 11));
    expect((screen.getByLabelText('Minimum price') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Maximum price') as HTMLInputElement).value).toBe('110');
  });

  it('filters inclusively at both ends, within the bounds the server gives, and returns to page 1', async () => {
    const { user } = renderStore('/store?page=2');
    await listed('$10.00 – $140.00');
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '40');
    await user.clear(screen.getByLabelText('Maximum price'));
    await user.type(screen.getByLabelText('Maximum price'), '60');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location()).toBe('/store?min=40&max=60');
    await waitFor(() => expect(names()).toEqual(numbered(4, 5, 6)));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all prices' }));
    expect(location()).toBe('/store');
    await waitFor(() => expect(names()).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'Show all prices' })).toBeNull();
  });

  it('shows a range outside the catalogue within its bounds, and ignores a price that is no number', async () => {
    renderStore('/store?min=-5&max=9999');
    await listed('Showing 1–6 of 14 products');
    expect((screen.getByLabelText('Minimum price') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Maximum price') as HTMLInputElement).value).toBe('140');
  });

  it('refuses a minimum above the maximum', async () => {
    const { user } = renderStore('/store');
    await listed('Page 1 of 3');
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '90');
    await user.clear(screen.getByLabelText('Maximum price'));
    await user.type(screen.getByLabelText('Maximum price'), '50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Minimum price cannot be above maximum price');
    expect(location()).toBe('/store');
  });

  it('shows an empty state when no product is in the range, and resets it', async () => {
    const { user } = renderStore('/store?min=41&max=49');
    await listed('No products in this price range');
    expect(names()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reset filter' }));
    expect(location()).toBe('/store');
    await waitFor(() => expect(names()).toHaveLength(6));
  });

  it('sorts by the select and lists only what can be bought with the in-stock switch, both kept in the URL', async () => {
    const stocked = catalogue.map((p, i) => (i % 2 === 0 ? product(p.id, p.name, p.price, { stock: 0 }) : p));
    const { user } = renderStore('/store?page=2', stocked);
    await listed('Page 2 of 3');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-desc');
    expect(location()).toBe('/store?sort=price-desc');
    await waitFor(() => expect(names()).toEqual(numbered(14, 13, 12, 11, 10, 9)));
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(location()).toBe('/store?inStock=true&sort=price-desc');
    await waitFor(() => expect(names()).toEqual(numbered(14, 12, 10, 8, 6, 4)));
  });

  it('says so when the catalogue is empty', async () => {
    renderStore('/store', []);
    expect(await listed('No products are available right now.')).toBeTruthy();
  });
});

describe('categories and cards', () => {
  // Peptides 10..80 (8), Blends 15 and 25, one Capsule at 5.
  const shelves: Product[] = [
    ...Array.from({ length: 8 }, (_, i) => product(`p${i + 1}`, `Peptide ${i + 1}`, (i + 1) * 10)),
    product('b1', 'Blend 1', 15, { category: 'Blends' }),
    product('b2', 'Blend 2', 25, { category: 'Blends' }),
    product('c1', 'Capsule 1', 5, { category: 'Capsules' }),
    product('u1', 'Unfiled', 7, { category: '' }),
  ];

  const renderShelves = (at: string, products = shelves) => renderStore(at, products).user;

  it('lists the categories with their counts and browses one, keeping it in the URL with the price filter and pages', async () => {
    const user = renderShelves('/store');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All products 12', 'Blends 2', 'Capsules 1', 'Peptides 8']);
    await user.click(within(nav).getByRole('link', { name: /Peptides/ }));
    expect(location()).toBe('/store?category=Peptides');
    await listed('Showing 1–6 of 8 products');
    expect(
      within(nav)
        .getByRole('link', { name: /Peptides/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    // The filter spans the category's prices; the other categories stay to switch to.
    expect(screen.getByText('$10.00 – $80.00')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Blends 2' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(location()).toBe('/store?category=Peptides&page=2');
    await waitFor(() => expect(names()).toEqual(['Peptide 7', 'Peptide 8']));
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location()).toBe('/store?category=Peptides&min=30');
    await waitFor(() =>
      expect(names()).toEqual(['Peptide 3', 'Peptide 4', 'Peptide 5', 'Peptide 6', 'Peptide 7', 'Peptide 8']),
    );
    await user.click(within(nav).getByRole('link', { name: /All products/ }));
    expect(location()).toBe('/store');
    await listed('Showing 1–6 of 12 products');
  });

  it('browses by brand as well, keeping the category chosen', async () => {
    const user = renderShelves('/store?category=Peptides', [
      ...shelves,
      product('o1', 'Peptide 9', 90, { brand: 'Other Labs' }),
      product('o2', 'Other blend', 35, { brand: 'Other Labs', category: 'Blends' }),
    ]);
    const brands = await screen.findByRole('navigation', { name: 'Brands' });
    expect(
      within(brands)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All brands 9', 'Helix Labs 8', 'Other Labs 1']);
    await user.click(within(brands).getByRole('link', { name: 'Other Labs 1' }));
    expect(location()).toBe('/store?category=Peptides&brand=Other+Labs');
    await listed('Showing 1–1 of 1 products');
    expect(names()).toEqual(['Peptide 9']);
  });

  it('opens on the category in the URL, and says so when it holds nothing', async () => {
    renderShelves('/store?category=Blends');
    await listed('Showing 1–2 of 2 products');
    expect(names()).toEqual(['Blend 1', 'Blend 2']);
    cleanup();
    renderShelves('/store?category=Gone');
    expect(await screen.findByText('No products in Gone')).toBeTruthy();
  });

  it('shows "from" the lowest price when sizes cost differently, and an Out of stock badge when nothing can be bought', async () => {
    renderShelves('/store', [
      product('tb', 'TB-500', 0, {
        options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
        variants: [variant('tb-5', { Size: '5 mg' }, 39), variant('tb-10', { Size: '10 mg' }, 69)],
      }),
      product('same', 'Same price', 0, {
        options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
        variants: [variant('s-5', { Size: '5 mg' }, 20), variant('s-10', { Size: '10 mg' }, 20)],
      }),
      product('gone', 'Sold out', 0, {
        options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
        variants: [
          variant('g-5', { Size: '5 mg' }, 20, { stock: 0 }),
          variant('g-10', { Size: '10 mg' }, 30, { available: false }),
        ],
      }),
    ]);
    const card = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;
    expect((await card('TB-500')).textContent).toBe('TB-500from $39.00');
    expect((await card('Same price')).textContent).toBe('Same price$20.00');
    expect((await card('Sold out')).textContent).toBe('Sold outfrom $20.00Out of stock');
    expect(within(await card('Sold out')).queryByRole('button')).toBeNull();
  });
});
