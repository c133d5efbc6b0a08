// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/domain/product.js';
import { StoreListing } from '../../web/src/store/store-listing.js';
import { StorePage } from '../../web/src/store/store-page.js';
import { product, resetBetweenTests, Storefront, serveCatalogue, variant } from './storefront-fixtures.js';

resetBetweenTests();

// Prices 10, 20, ..., 140: fourteen products, three pages of six.
const catalogue: Product[] = Array.from({ length: 14 }, (_, i) =>
  product(`p${i + 1}`, `Peptide ${i + 1}`, (i + 1) * 10),
);

function renderListing(at: string, products = catalogue) {
  render(
    <Storefront at={at}>
      <StoreListing products={products} />
    </Storefront>,
  );
  return userEvent.setup();
}

const names = () =>
  screen.queryAllByTestId('product-card').map((c) => within(c).getByRole('heading').textContent);
const location = () => screen.getByTestId('location').textContent;

describe('store listing', () => {
  it('shows six products per page and keeps the page in the URL', async () => {
    const user = renderListing('/store');
    expect(names()).toEqual(['Peptide 1', 'Peptide 2', 'Peptide 3', 'Peptide 4', 'Peptide 5', 'Peptide 6']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(location()).toBe('/store?page=3');
    expect(names()).toEqual(['Peptide 13', 'Peptide 14']);
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(location()).toBe('/store?page=2');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('restores page and price range from the URL', () => {
    renderListing('/store?min=30&max=110&page=2');
    expect(names()).toEqual(['Peptide 9', 'Peptide 10', 'Peptide 11']);
    expect(screen.getByText('Showing 7–9 of 9 products')).toBeTruthy();
    expect((screen.getByLabelText('Minimum price') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Maximum price') as HTMLInputElement).value).toBe('110');
  });

  it('filters inclusively at both ends, within the catalogue bounds, and returns to page 1', async () => {
    const user = renderListing('/store?page=2');
    expect(screen.getByText('$10.00 – $140.00')).toBeTruthy();
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '40');
    await user.clear(screen.getByLabelText('Maximum price'));
    await user.type(screen.getByLabelText('Maximum price'), '60');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location()).toBe('/store?min=40&max=60');
    expect(names()).toEqual(['Peptide 4', 'Peptide 5', 'Peptide 6']);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all prices' }));
    expect(location()).toBe('/store');
    expect(names()).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Show all prices' })).toBeNull();
  });

  it('clamps a range outside the catalogue to its bounds', () => {
    renderListing('/store?min=-5&max=9999');
    expect(screen.getByText('Showing 1–6 of 14 products')).toBeTruthy();
    expect((screen.getByLabelText('Minimum price') as HTMLInputElement).value).toBe('10');
  });

  it('refuses a minimum above the maximum', async () => {
    const user = renderListing('/store');
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '90');
    await user.clear(screen.getByLabelText('Maximum price'));
    await user.type(screen.getByLabelText('Maximum price'), '50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Minimum price cannot be above maximum price');
    expect(location()).toBe('/store');
  });

  it('shows an empty state when no product is in the range, and resets it', async () => {
    const user = renderListing('/store?min=41&max=49');
    expect(names()).toEqual([]);
    expect(screen.getByText('No products in this price range')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset filter' }));
    expect(location()).toBe('/store');
    expect(names()).toHaveLength(6);
  });

  it('says so when the catalogue is empty', () => {
    renderListing('/store', []);
    expect(screen.getByText('No products are available right now.')).toBeTruthy();
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

  function renderStore(at: string, products = shelves) {
    serveCatalogue(() => products);
    render(
      <Storefront at={at}>
        <StorePage />
      </Storefront>,
    );
    return userEvent.setup();
  }

  it('lists the categories with their counts and browses one, keeping it in the URL with the price filter and pages', async () => {
    const user = renderStore('/store');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All products12', 'Blends2', 'Capsules1', 'Peptides8']);
    await user.click(within(nav).getByRole('link', { name: /Peptides/ }));
    expect(location()).toBe('/store?category=Peptides');
    expect(
      within(nav)
        .getByRole('link', { name: /Peptides/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByText('Showing 1–6 of 8 products')).toBeTruthy();
    // The filter spans the category's prices.
    expect(screen.getByText('$10.00 – $80.00')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(location()).toBe('/store?category=Peptides&page=2');
    expect(names()).toEqual(['Peptide 7', 'Peptide 8']);
    await user.clear(screen.getByLabelText('Minimum price'));
    await user.type(screen.getByLabelText('Minimum price'), '30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(location()).toBe('/store?category=Peptides&min=30');
    expect(names()).toEqual(['Peptide 3', 'Peptide 4', 'Peptide 5', 'Peptide 6', 'Peptide 7', 'Peptide 8']);
    await user.click(within(nav).getByRole('link', { name: /All products/ }));
    expect(location()).toBe('/store');
    expect(screen.getByText('Showing 1–6 of 12 products')).toBeTruthy();
  });

  it('opens on the category in the URL, and says so when it holds nothing', async () => {
    renderStore('/store?category=Blends');
    await screen.findByRole('navigation', { name: 'Categories' });
    expect(names()).toEqual(['Blend 1', 'Blend 2']);
    cleanup();
    renderStore('/store?category=Gone');
    expect(await screen.findByText('No products in Gone')).toBeTruthy();
  });

  it('shows "from" the lowest price when sizes cost differently, and an Out of stock badge when nothing can be bought', async () => {
    renderStore('/store', [
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
