// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../shared/domain/constants.js';
import { Toasts } from '../../shared/web/toasts.js';
import { CartButton } from '../../web/src/cart/cart-button.js';
import { CartDrawer } from '../../web/src/cart/cart-drawer.js';
import { ProductPage } from '../../web/src/products/product-page.js';
import { StorePage } from '../../web/src/store/store-page.js';
import {
  lot,
  product,
  resetBetweenTests,
  Storefront,
  serveCatalogue,
  variant,
} from './storefront-fixtures.js';

resetBetweenTests();

const bpc = product('bpc', 'BPC-157 5mg', 39.99, {
  description: '<p>Lyophilised <strong>powder</strong>.</p>',
  stock: 3,
});
const withdrawn = product('old', 'Withdrawn 1mg', 10, { available: false });

function renderAt(path: string) {
  render(
    <Storefront at={path}>
      <Routes>
        <Route path="/store" element={<StorePage />} />
        <Route path="/products/:productId" element={<ProductPage />} />
      </Routes>
    </Storefront>,
  );
  return userEvent.setup();
}

describe('product page', () => {
  it('shows name, price, availability and the description, and adds the chosen quantity to the cart', async () => {
    serveCatalogue(() => [bpc]);
    const user = renderAt('/products/bpc');
    expect(await screen.findByRole('heading', { name: 'BPC-157 5mg', level: 1 })).toBeTruthy();
    expect(screen.getByText('$39.99')).toBeTruthy();
    expect(screen.getByText('In stock: 3 available')).toBeTruthy();
    expect(screen.getByText('powder').tagName).toBe('STRONG');
    expect(screen.getByRole('img', { name: 'BPC-157 5mg' }).getAttribute('width')).toBe('480');

    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList.bpc.quantity).toBe(2);
    expect(document.title).toBe('BPC-157 5mg · Helix Peptides');
    // Only one more is in stock.
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).max).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', true);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList.bpc.quantity).toBe(3);
  });

  it('is not found for an unknown or withdrawn product', async () => {
    serveCatalogue(() => [bpc, withdrawn]);
    renderAt('/products/old');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
  });

  it('offers to try again when the product cannot be loaded', async () => {
    let down = true;
    serveCatalogue(
      () => [bpc],
      () => down,
    );
    const user = renderAt('/products/bpc');
    expect((await screen.findByRole('alert')).textContent).toContain('The product could not be loaded');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'BPC-157 5mg', level: 1 })).toBeTruthy();
  });

  it('opens at once from the listing, before its own request returns', async () => {
    const requests = serveCatalogue(() => [bpc]);
    const user = renderAt('/store');
    await user.click(await screen.findByRole('link', { name: /BPC-157 5mg/ }));
    expect(screen.getByRole('heading', { name: 'BPC-157 5mg', level: 1 })).toBeTruthy();
    expect(requests).toContain('/api/products/bpc');
  });
});

describe('adding to the cart, then opening it', () => {
  afterEach(() => act(() => toast.remove()));

  it('takes the "Added to your cart" toast away, so it does not cover "Proceed to Checkout"', async () => {
    serveCatalogue(() => [bpc]);
    const user = userEvent.setup();
    render(
      <Storefront at="/products/bpc">
        <Routes>
          <Route path="/products/:productId" element={<ProductPage />} />
        </Routes>
        <CartButton />
        <CartDrawer />
        <Toasts />
      </Storefront>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added 1 × BPC-157 5mg to your cart')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    expect(await screen.findByRole('button', { name: 'Proceed to Checkout' })).toBeTruthy();
    expect(screen.queryByText('Added 1 × BPC-157 5mg to your cart')).toBeNull();
  });
});

describe('a product in several sizes', () => {
  const sizes = product('tb', 'TB-500', 0, {
    options: [{ name: 'Size', values: ['2 mg', '5 mg', '10 mg', '20 mg'] }],
    variants: [
      variant('tb-2', { Size: '2 mg' }, 19.99, { stock: 0 }),
      variant('tb-5', { Size: '5 mg' }, 39.99, { stock: 4, compareAtPrice: 49.99 }),
      variant('tb-10', { Size: '10 mg' }, 69.99, { stock: 0 }),
      variant('tb-20', { Size: '20 mg' }, 99, { available: false }),
    ],
    specs: { casNumber: '77591-33-4', molecularWeight: 4963.44, purity: '≥ 99% (HPLC)' },
  });
  const twoOptions = product('kit', 'GHK-Cu', 0, {
    options: [
      { name: 'Size', values: ['50 mg', '100 mg'] },
      { name: 'Form', values: ['Vial', 'Kit', 'Bulk'] },
    ],
    variants: [
      variant('kit-50v', { Size: '50 mg', Form: 'Vial' }, 25),
      variant('kit-100v', { Size: '100 mg', Form: 'Vial' }, 40),
      variant('kit-50k', { Size: '50 mg', Form: 'Kit' }, 90),
    ],
  });

  const price = () => screen.getByTestId('variant-price').textContent;
  const sizeButton = (name: string | RegExp) => screen.getByRole('button', { name });

  it('opens on the first size that can be bought; price, compare-at, stock and the URL follow the chosen size', async () => {
    serveCatalogue(() => [sizes]);
    const user = renderAt('/products/tb');
    await screen.findByRole('heading', { name: 'TB-500', level: 1 });
    expect(price()).toBe('$39.99was $49.99');
    expect(screen.getByText('$49.99').closest('s')).toBeTruthy();
    expect(screen.getByText('In stock: 4 available')).toBeTruthy();
    expect(sizeButton('5 mg').getAttribute('aria-pressed')).toBe('true');
    expect(sizeButton('2 mg (sold out)')).toBeTruthy();
    expect(sizeButton('20 mg (sold out)')).toBeTruthy();

    await user.click(sizeButton('10 mg (sold out)'));
    expect(screen.getByTestId('location').textContent).toBe('/products/tb?variant=tb-10');
    expect(price()).toBe('$69.99');
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();

    await user.click(sizeButton('20 mg (sold out)'));
    expect(screen.getByText('Unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('opens on the size the URL names', async () => {
    serveCatalogue(() => [sizes]);
    renderAt('/products/tb?variant=tb-10');
    await screen.findByRole('heading', { name: 'TB-500', level: 1 });
    expect(price()).toBe('$69.99');
    expect(sizeButton('10 mg (sold out)').getAttribute('aria-pressed')).toBe('true');
  });

  it('marks a combination that is not made, and picking it moves to a variant that has the value', async () => {
    serveCatalogue(() => [twoOptions]);
    const user = renderAt('/products/kit?variant=kit-100v');
    await screen.findByRole('heading', { name: 'GHK-Cu', level: 1 });
    expect(sizeButton('Kit (not made)')).toBeTruthy();
    expect(sizeButton('Bulk (not made)')).toHaveProperty('disabled', true);
    await user.click(sizeButton('Kit (not made)'));
    expect(screen.getByTestId('location').textContent).toBe('/products/kit?variant=kit-50k');
    expect(price()).toBe('$90.00');
    expect(sizeButton('100 mg (not made)')).toBeTruthy();
  });

  it('lists the chosen size’s quantity prices by the server’s rule, and the cart keeps them with the line', async () => {
    const tiered = product('ret', 'Retatrutide', 0, {
      options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
      variants: [
        variant('ret-5', { Size: '5 mg' }, 39.99, {
          // Given out of order: the page lists the smallest quantity first.
          priceTiers: [
            { minQuantity: 25, percentOff: 12.5 },
            { minQuantity: 10, percentOff: 10 },
          ],
        }),
        variant('ret-10', { Size: '10 mg' }, 69),
      ],
    });
    serveCatalogue(() => [tiered]);
    const user = renderAt('/products/ret');
    const tiers = await screen.findByRole('list', { name: 'Bulk prices' });
    // $39.99 − 10% ($3.999 → $4.00) = $35.99; − 12.5% ($4.99875 → $5.00) = $34.99.
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Buy 10 or more: 10% off — $35.99 each', 'Buy 25 or more: 12.5% off — $34.99 each']);
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '10');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList['ret-5'].priceTiers).toEqual(
      tiered.variants[0]!.priceTiers,
    );
    await user.click(sizeButton('10 mg'));
    expect(screen.queryByRole('list', { name: 'Bulk prices' })).toBeNull();
  });

  it('puts two sizes of one product in the cart as two lines named by their size', async () => {
    serveCatalogue(() => [twoOptions]);
    const user = renderAt('/products/kit');
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await user.click(sizeButton('100 mg'));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList;
    expect(Object.keys(stored).sort()).toEqual(['kit-100v', 'kit-50v']);
    expect(stored['kit-100v']).toMatchObject({
      productId: 'kit',
      variantId: 'kit-100v',
      options: { Size: '100 mg', Form: 'Vial' },
      price: 40,
      quantity: 1,
    });
  });

  it('shows the specifications that are set, by their labels', async () => {
    serveCatalogue(() => [sizes]);
    renderAt('/products/tb');
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['CAS number77591-33-4', 'Molecular weight4963.44 g/mol', 'Purity≥ 99% (HPLC)']);
  });

  it('shows the chosen size’s current lot with a link opening its certificate in a new tab', async () => {
    serveCatalogue(
      () => [sizes],
      () => false,
      () => [
        lot('TB5-OLD', 'tb', 'tb-5', { testedAt: '2026-01-10', purity: 98.1 }),
        lot('TB5-NEW', 'tb', 'tb-5', { testedAt: '2026-10-02', purity: 99.4 }),
      ],
    );
    const user = renderAt('/products/tb');
    expect(await screen.findByRole('heading', { name: 'Current lot TB5-NEW' })).toBeTruthy();
    expect(screen.getByText('Purity 99.4% · tested 2026-10-02')).toBeTruthy();
    const coa = screen.getByRole('link', { name: 'Certificate of analysis (PDF)' });
    expect(coa.getAttribute('href')).toBe('/files/coa/TB5-NEW.pdf');
    expect(coa.getAttribute('target')).toBe('_blank');
    await user.click(sizeButton('10 mg (sold out)'));
    expect(screen.queryByRole('heading', { name: /Current lot/ })).toBeNull();
  });
});

describe('product page: gallery and tags', () => {
  const pictured = product('ipa', 'Ipamorelin', 30, {
    imgUrl: '/images/front.png',
    images: ['/images/back.png', '/images/label.png'],
    tags: ['GH', 'Research'],
    options: [{ name: 'Size', values: ['2 mg', '5 mg', '10 mg'] }],
    variants: [
      variant('ipa-2', { Size: '2 mg' }, 30),
      variant('ipa-5', { Size: '5 mg' }, 45, { imgUrl: '/images/label.png' }),
      variant('ipa-10', { Size: '10 mg' }, 60, { imgUrl: '/images/vial-10.png' }),
    ],
  });
  const main = () => screen.getByRole('img', { name: 'Ipamorelin' });
  const thumb = (n: number) => screen.getByRole('button', { name: `Show image ${n} of 4` });

  it('shows the main image with a thumbnail of each image, all at their final size, and a chosen thumbnail as the main image', async () => {
    serveCatalogue(() => [pictured]);
    const user = renderAt('/products/ipa');
    await screen.findByRole('heading', { name: 'Ipamorelin', level: 1 });
    expect(main().getAttribute('src')).toBe('/images/front.png');
    expect([main().getAttribute('width'), main().getAttribute('height')]).toEqual(['480', '480']);
    const thumbs = within(screen.getByRole('list', { name: 'Images' })).getAllByRole('button');
    // the gallery, then the one size image that is not in it
    expect(thumbs.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([
      '/images/front.png',
      '/images/back.png',
      '/images/label.png',
      '/images/vial-10.png',
    ]);
    for (const b of thumbs) expect(b.querySelector('img')?.getAttribute('width')).toBe('64');
    expect(thumb(1).getAttribute('aria-pressed')).toBe('true');

    await user.click(thumb(2));
    expect(main().getAttribute('src')).toBe('/images/back.png');
    expect(thumb(2).getAttribute('aria-pressed')).toBe('true');
    expect(thumb(1).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a chosen size’s own image; a size without one keeps the image shown; its cart line shows the size’s image', async () => {
    serveCatalogue(() => [pictured]);
    const user = renderAt('/products/ipa');
    await screen.findByRole('heading', { name: 'Ipamorelin', level: 1 });
    await user.click(screen.getByRole('button', { name: '10 mg' }));
    expect(main().getAttribute('src')).toBe('/images/vial-10.png');
    await user.click(thumb(2));
    await user.click(screen.getByRole('button', { name: '2 mg' }));
    expect(main().getAttribute('src')).toBe('/images/back.png');
    await user.click(screen.getByRole('button', { name: '5 mg' }));
    expect(main().getAttribute('src')).toBe('/images/label.png');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).cartList;
    expect(stored['ipa-5'].imgUrl).toBe('/images/label.png');
  });

  it('shows the tags as plain chips, and no thumbnails for a product with one image', async () => {
    serveCatalogue(() => [pictured, bpc]);
    renderAt('/products/ipa');
    const tags = await screen.findByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GH', 'Research']);
    cleanup();
    renderAt('/products/bpc');
    await screen.findByRole('heading', { name: 'BPC-157 5mg', level: 1 });
    expect(screen.queryByRole('list', { name: 'Images' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
  });
});
