// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutResponse, QuoteResponse } from '../../shared/api/client.js';
import { ApiError } from '../../shared/api/errors.js';
import type { CartLine } from '../../shared/domain/cart.js';
import { RESEARCH_USE_REQUIRED } from '../../shared/domain/compliance.js';
import { type AddressForm, emptyAddress } from '../../web/src/checkout/address.js';
import { AddressFields } from '../../web/src/checkout/address-fields.js';
import {
  type CheckoutFormValues,
  checkoutFieldErrors,
  placeOrder,
} from '../../web/src/checkout/checkout-form.js';
import { checkoutKey, forgetCheckoutKey } from '../../web/src/checkout/idempotency.js';
import { OrderSummary, PRICE_UPDATED } from '../../web/src/checkout/order-summary.js';
import type { FieldErrors } from '../../web/src/forms/field-errors.js';
import { resetBetweenTests } from './storefront-fixtures.js';

resetBetweenTests();

/** An image that needs no server. */
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

const address: AddressForm = {
  fullName: 'Marie Curie',
  line1: '1 Radium Lane',
  line2: '',
  city: 'Boston',
  state: 'MA',
  postalCode: '02115',
  country: 'US',
  phone: '(617) 555-0199',
};
const attested = { adult: true, researchUse: true };
const valid: CheckoutFormValues = { address, paymentMethod: 'manual', attestations: attested };
const cartLines: CartLine[] = [
  { id: 'bpc', name: 'BPC-157 5mg', imgUrl: '/images/bpc.svg', price: 39.99, quantity: 2 },
];

describe('checkout form rules', () => {
  it('names every missing piece by the field the server would name', () => {
    const errors = checkoutFieldErrors({
      address: emptyAddress(),
      paymentMethod: null,
      attestations: { adult: false, researchUse: false },
    });
    expect(errors).toMatchObject({
      'shippingAddress.fullName': 'Full name is required',
      'shippingAddress.line1': 'Street address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.state': 'State is required',
      'shippingAddress.postalCode': 'ZIP code is required',
      'shippingAddress.phone': 'Phone is required',
      paymentMethod: 'Choose a payment method',
      'attestations.adult': 'Please confirm you are 21 or older',
      'attestations.researchUse': RESEARCH_USE_REQUIRED,
    });
    expect(checkoutFieldErrors(valid)).toEqual({});
  });

  it('asks for the shop’s minimum age and refuses a country the shop does not ship to', () => {
    const rules = { minimumAge: 18, noShipCountries: ['US'] };
    const errors = checkoutFieldErrors({ ...valid, attestations: { ...attested, adult: false } }, rules);
    expect(errors).toEqual({
      'attestations.adult': 'Please confirm you are 18 or older',
      'shippingAddress.country': 'We do not ship to United States; choose another country',
    });
  });

  it('sends product and variant ids and quantities only, with the idempotency key, and never a price', async () => {
    const checkout = vi.fn(async () => ({ created: true }) as unknown as CheckoutResponse);
    const sizes: CartLine[] = [
      ...cartLines,
      {
        id: 'tb-5',
        productId: 'tb',
        variantId: 'tb-5',
        options: { Size: '5 mg' },
        name: 'TB-500',
        imgUrl: '',
        price: 39,
        quantity: 1,
      },
      {
        id: 'tb-10',
        productId: 'tb',
        variantId: 'tb-10',
        options: { Size: '10 mg' },
        name: 'TB-500',
        imgUrl: '',
        price: 69,
        quantity: 3,
      },
    ];
    const result = await placeOrder({ checkout }, sizes, valid, 'key-0123456789abcdef');
    expect(result.ok).toBe(true);
    expect(checkout).toHaveBeenCalledWith({
      // The first line was saved before variants: its product's only variant is meant.
      lines: [
        { productId: 'bpc', quantity: 2 },
        { productId: 'tb', variantId: 'tb-5', quantity: 1 },
        { productId: 'tb', variantId: 'tb-10', quantity: 3 },
      ],
      shippingAddress: address,
      paymentMethod: 'manual',
      attestations: attested,
      idempotencyKey: 'key-0123456789abcdef',
    });
  });

  it('does not call the server while a field is wrong', async () => {
    const checkout = vi.fn();
    const result = await placeOrder(
      { checkout },
      cartLines,
      { ...valid, attestations: { ...attested, researchUse: false } },
      'k'.repeat(16),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { 'attestations.researchUse': RESEARCH_USE_REQUIRED },
    });
    expect(checkout).not.toHaveBeenCalled();
  });

  it('maps the server’s field errors and flags a cart that no longer matches the store', async () => {
    const refusedCity = await placeOrder(
      {
        checkout: async () => {
          throw new ApiError(400, 'invalid-input', 'shippingAddress.city: City is required', [
            { field: 'shippingAddress.city', message: 'City is required' },
          ]);
        },
      },
      cartLines,
      valid,
      'k'.repeat(16),
    );
    expect(refusedCity).toEqual({
      ok: false,
      errors: { 'shippingAddress.city': 'City is required' },
      message: 'Please correct the highlighted fields',
      stale: false,
    });

    const soldOut = await placeOrder(
      {
        checkout: async () => {
          throw new ApiError(409, 'out-of-stock', 'Not enough stock: only 1 of BPC-157 5mg left');
        },
      },
      cartLines,
      valid,
      'k'.repeat(16),
    );
    expect(soldOut).toEqual({
      ok: false,
      errors: {},
      message: 'Not enough stock: only 1 of BPC-157 5mg left',
      stale: true,
    });
  });

  it('keeps one idempotency key per checkout until the order exists', () => {
    const first = checkoutKey();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(checkoutKey()).toBe(first);
    forgetCheckoutKey();
    expect(checkoutKey()).not.toBe(first);
  });
});

function Address({
  errors = {},
  noShipCountries = [],
}: {
  errors?: FieldErrors;
  noShipCountries?: string[];
}) {
  const [value, setValue] = useState(emptyAddress());
  return (
    <AddressFields value={value} onChange={setValue} errors={errors} noShipCountries={noShipCountries} />
  );
}

describe('the address fields', () => {
  it('formats the phone number while it is typed', async () => {
    const user = userEvent.setup();
    render(<Address />);
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(phone, '617');
    expect(phone.value).toBe('617');
    await user.type(phone, '5550');
    expect(phone.value).toBe('(617) 555-0');
    await user.type(phone, '19999');
    expect(phone.value).toBe('(617) 555-0199');
  });

  it('names and requires the region and postal code as the chosen country does', async () => {
    const user = userEvent.setup();
    render(<Address />);
    expect(screen.getByLabelText('State')).toBeTruthy();
    expect(screen.getByLabelText('ZIP code').getAttribute('placeholder')).toBe('02116');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.getByLabelText('County (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Postcode').getAttribute('placeholder')).toBe('SW1A 1AA');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    expect(screen.queryByLabelText(/State|County|Province/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Country'), 'JP');
    expect(screen.getByLabelText('Prefecture')).toBeTruthy();
  });

  it('leaves a number with a country code as typed instead of forcing it into (xxx) xxx-xxxx', async () => {
    const user = userEvent.setup();
    render(<Address />);
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(phone, '+44 20 7946 0958');
    expect(phone.value).toBe('+44 20 7946 0958');
  });

  it('does not offer a country the shop does not ship to, and says so at once of a saved address in one', async () => {
    const user = userEvent.setup();
    render(<Address noShipCountries={['US', 'CA']} />);
    const country = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    const offered = () => [...country.options].map((o) => o.value);
    expect(offered()).toContain('US');
    expect(offered()).not.toContain('CA');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    screen.getByText('We do not ship to United States; choose another country');
    await user.selectOptions(country, 'GB');
    expect(offered()).not.toContain('US');
    expect(screen.queryByText(/We do not ship to/)).toBeNull();
    expect(country.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a server field error under the field it names', () => {
    render(<Address errors={{ 'shippingAddress.city': 'City is required' }} />);
    const city = screen.getByLabelText('City');
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(city.getAttribute('aria-describedby')!)?.textContent).toBe(
      'City is required',
    );
    expect(screen.getByLabelText('Street address').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the order summary', () => {
  const quote: QuoteResponse = {
    lines: [
      {
        productId: 'bpc',
        variantId: 'bpc',
        sku: '',
        options: {},
        name: 'BPC-157 5mg',
        imgUrl: PIXEL,
        unitPriceCents: 4499,
        quantity: 2,
        lineTotalCents: 8998,
        status: 'ok',
        inStock: null,
      },
      {
        productId: 'tb',
        variantId: 'tb',
        sku: '',
        options: {},
        name: 'TB-500 10mg',
        imgUrl: PIXEL,
        unitPriceCents: 5450,
        quantity: 1,
        lineTotalCents: 5450,
        status: 'unavailable',
        inStock: null,
      },
      {
        productId: 'ghk',
        variantId: 'ghk',
        sku: '',
        options: {},
        name: 'GHK-Cu 50mg',
        imgUrl: PIXEL,
        unitPriceCents: 2900,
        quantity: 5,
        lineTotalCents: 14500,
        status: 'short',
        inStock: 2,
      },
    ],
    subtotalCents: 8998,
    shippingCents: 1500,
    totalCents: 10498,
  };

  it('shows changed prices, unavailable and short lines, and offers the fix', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    const onSetQuantity = vi.fn();
    render(
      <MemoryRouter>
        <OrderSummary
          quote={quote}
          cartLines={[
            ...cartLines,
            { id: 'ghk', name: 'GHK-Cu 50mg', imgUrl: PIXEL, price: 29, quantity: 5 },
          ]}
          repricedIds={new Set(['ghk'])}
          onRemove={onRemove}
          onSetQuantity={onSetQuantity}
        />
      </MemoryRouter>,
    );
    const [bpc, tb, ghk] = screen.getAllByTestId('summary-line') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(bpc).getByText('Price changed from $39.99 to $44.99')).toBeTruthy();
    expect(within(tb).getByText('No longer available')).toBeTruthy();
    expect(within(ghk).getByText('Only 2 left in stock')).toBeTruthy();
    // The cart already took the new price from the catalogue: the shopper is still told it changed.
    expect(within(ghk).getByText(PRICE_UPDATED)).toBeTruthy();
    expect(within(tb).queryByText(/Price/)).toBeNull();

    await user.click(within(tb).getByRole('button', { name: 'Remove TB-500 10mg' }));
    expect(onRemove).toHaveBeenCalledWith('tb');
    await user.click(within(ghk).getByRole('button', { name: 'Change to 2' }));
    expect(onSetQuantity).toHaveBeenCalledWith('ghk', 2);

    expect(screen.getByTestId('order-total').textContent).toBe('$104.98');
    expect(screen.getByText('$15.00')).toBeTruthy();
    expect(screen.getByText(/Add \$110\.02 more for free shipping/)).toBeTruthy();
  });

  it('names lines by their size and flags the size that is short, not the other size of the product', async () => {
    const user = userEvent.setup();
    const onSetQuantity = vi.fn();
    const line = (variantId: string, size: string, cents: number, quantity: number) => ({
      productId: 'tb',
      variantId,
      sku: `TB-${size}`,
      options: { Size: size },
      name: 'TB-500',
      imgUrl: PIXEL,
      unitPriceCents: cents,
      quantity,
      lineTotalCents: cents * quantity,
    });
    render(
      <MemoryRouter>
        <OrderSummary
          quote={{
            lines: [
              { ...line('tb-5', '5 mg', 3900, 1), status: 'ok', inStock: 9 },
              { ...line('tb-10', '10 mg', 6900, 4), status: 'short', inStock: 1 },
            ],
            subtotalCents: 3900,
            shippingCents: 1500,
            totalCents: 5400,
          }}
          cartLines={[
            {
              id: 'tb-10',
              productId: 'tb',
              variantId: 'tb-10',
              options: { Size: '10 mg' },
              name: 'TB-500',
              imgUrl: PIXEL,
              price: 69,
              quantity: 4,
            },
            {
              id: 'tb-5',
              productId: 'tb',
              variantId: 'tb-5',
              options: { Size: '5 mg' },
              name: 'TB-500',
              imgUrl: PIXEL,
              price: 39,
              quantity: 1,
            },
          ]}
          onRemove={() => {}}
          onSetQuantity={onSetQuantity}
        />
      </MemoryRouter>,
    );
    const [five, ten] = screen.getAllByTestId('summary-line') as [HTMLElement, HTMLElement];
    expect(within(five).getByRole('link').textContent).toBe('TB-500 — 5 mg');
    expect(within(five).queryByText(/left in stock/)).toBeNull();
    expect(within(ten).getByRole('link', { name: 'TB-500 — 10 mg' }).getAttribute('href')).toBe(
      '/products/tb?variant=tb-10',
    );
    expect(within(ten).getByText('Only 1 left in stock')).toBeTruthy();
    await user.click(within(ten).getByRole('button', { name: 'Change to 1' }));
    expect(onSetQuantity).toHaveBeenCalledWith('tb-10', 1);
  });
});
