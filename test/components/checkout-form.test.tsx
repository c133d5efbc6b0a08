// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutResponse, QuoteResponse } from '../../shared/api/client.js';
import { ApiError } from '../../shared/api/errors.js';
import type { CartLine } from '../../shared/domain/cart.js';
import { RESEARCH_USE_REQUIRED } from '../../shared/domain/compliance.js';
import type { QuoteRequestInput } from '../../shared/domain/order.js';
import { type AddressForm, emptyAddress, refusedCountries } from '../../web/src/checkout/address.js';
import { AddressFields } from '../../web/src/checkout/address-fields.js';
import {
  type CheckoutFormValues,
  checkoutFieldErrors,
  placeOrder,
  standingErrors,
} from '../../web/src/checkout/checkout-form.js';
import { quoteWithChoices } from '../../web/src/checkout/checkout-quote.js';
import { DiscountCodeField } from '../../web/src/checkout/discount-code-field.js';
import { checkoutKey, forgetCheckoutKey } from '../../web/src/checkout/idempotency.js';
import { OrderSummary, PRICE_UPDATED } from '../../web/src/checkout/order-summary.js';
import { ShippingOptionsField } from '../../web/src/checkout/shipping-options-field.js';
import { useCheckoutPricing } from '../../web/src/checkout/use-checkout-pricing.js';
import type { FieldErrors } from '../../web/src/forms/field-errors.js';
import { resetBetweenTests, Storefront } from './storefront-fixtures.js';

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

  it('drops a field’s error as soon as its value is valid, keeps it while unchanged or still wrong', () => {
    const uk = {
      ...address,
      city: 'London',
      state: '',
      postalCode: '12345',
      country: 'GB',
      phone: '020 7946 0958',
    };
    const submitted = { ...valid, address: uk };
    const given = checkoutFieldErrors(submitted);
    expect(given).toEqual({ 'shippingAddress.postalCode': 'Enter a valid postcode' });
    const serverSaid = { ...given, discountCode: 'This code can’t be used' };
    expect(standingErrors(serverSaid, submitted, submitted)).toEqual(serverSaid);
    const typing = { ...submitted, address: { ...uk, postalCode: 'SW1A' } };
    expect(standingErrors(serverSaid, submitted, typing)).toEqual(serverSaid);
    const fixed = { ...submitted, address: { ...uk, postalCode: 'SW1A 2AA' } };
    expect(standingErrors(serverSaid, submitted, fixed)).toEqual({ discountCode: 'This code can’t be used' });
    const us = { ...submitted, address: { ...uk, country: 'US', postalCode: '02116' } };
    expect(standingErrors({ 'shippingAddress.state': 'x' }, submitted, us)).toEqual({
      'shippingAddress.state': 'State is required',
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
    expect(screen.queryByLabelText(/County/)).toBeNull();
    expect(screen.getByLabelText('Postcode').getAttribute('placeholder')).toBe('SW1A 1AA');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    expect(screen.queryByLabelText(/State|County|Province/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Country'), 'JP');
    expect(screen.getByLabelText('Prefecture')).toBeTruthy();
  });

  it('chooses the region from the country’s list, names shown and codes kept, and clears it with the country', async () => {
    const user = userEvent.setup();
    render(<Address />);
    const state = screen.getByLabelText('State') as HTMLSelectElement;
    expect(state.tagName).toBe('SELECT');
    expect([...state.options].slice(0, 3).map((o) => [o.value, o.text])).toEqual([
      ['', 'Choose a state'],
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
    ]);
    await user.selectOptions(state, 'California');
    expect(state.value).toBe('CA');
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    const province = screen.getByLabelText('Province') as HTMLSelectElement;
    expect(province.value).toBe('');
    await user.selectOptions(province, 'ON');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.selectOptions(screen.getByLabelText('Country'), 'JP');
    expect((screen.getByLabelText('Prefecture') as HTMLSelectElement).value).toBe('');
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

  it('refuses every country no shipping zone covers once the covered ones are known, and names a saved one', () => {
    const refused = refusedCountries(['US', 'CA'], ['CA']);
    expect(refused).toContain('CA');
    expect(refused).toContain('GB');
    expect(refused).not.toContain('US');
    expect(refusedCountries(undefined, ['CA'])).toEqual(['CA']);
    render(<Address noShipCountries={refusedCountries(['GB'])} />);
    const country = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    expect([...country.options].map((o) => o.value)).toEqual(['US', 'GB']);
    screen.getByText('We do not ship to United States; choose another country');
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

const STANDARD = { id: 'everywhere:standard', label: 'Standard shipping', amountCents: 1500 };

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
    discount: null,
    shippingOptions: [STANDARD],
    shipping: STANDARD,
    shippingCents: 1500,
    taxCents: 0,
    tax: null,
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
    expect(screen.getByTestId('order-shipping').textContent).toBe('$15.00');
    expect(screen.getByText('Shipping (Standard shipping)')).toBeTruthy();
    // Rates are the shop's settings now: no threshold is promised that the quote does not show.
    expect(screen.queryByText(/free shipping/i)).toBeNull();
    expect(screen.queryByTestId('order-discount')).toBeNull();
    expect(screen.queryByTestId('order-tax')).toBeNull();
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
            discount: null,
            shippingOptions: [STANDARD],
            shipping: STANDARD,
            shippingCents: 1500,
            taxCents: 0,
            tax: null,
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

describe('the summary of a priced checkout', () => {
  const tierLine = {
    productId: 'bpc',
    variantId: 'bpc-10',
    sku: 'BPC-10',
    options: { Size: '10 mg' },
    name: 'BPC-157',
    imgUrl: PIXEL,
    unitPriceCents: 4050,
    listUnitPriceCents: 4500,
    tierPercentOff: 10,
    quantity: 10,
    lineTotalCents: 40500,
    status: 'ok' as const,
    inStock: null,
  };
  const express = { id: 'us:express', label: 'Express', amountCents: 3500 };
  const cartLine: CartLine = {
    id: 'bpc-10',
    productId: 'bpc',
    variantId: 'bpc-10',
    options: { Size: '10 mg' },
    name: 'BPC-157',
    imgUrl: PIXEL,
    price: 45,
    quantity: 10,
    priceTiers: [{ minQuantity: 10, percentOff: 10 }],
  };
  const summary = (quote: QuoteResponse) =>
    render(
      <MemoryRouter>
        <OrderSummary quote={quote} cartLines={[cartLine]} onRemove={() => {}} onSetQuantity={() => {}} />
      </MemoryRouter>,
    );

  it('shows the tier price beside the struck list price, the code’s discount, the rate and the added tax', () => {
    // 10 × $45.00 at 10% off = 10 × $40.50 = $405.00; LAB15 takes 15% = $60.75; Express $35.00;
    // tax 6.25% of (405.00 − 60.75 + 35.00) = 6.25% of $379.25 = $23.703… → $23.70; total $402.95.
    summary({
      lines: [tierLine],
      subtotalCents: 40500,
      discount: { code: 'LAB15', amountCents: 6075, affiliate: null, commissionPercent: 0 },
      shippingOptions: [{ id: 'us:standard', label: 'Standard', amountCents: 1500 }, express],
      shipping: express,
      shippingCents: 3500,
      taxCents: 2370,
      tax: { label: 'MA sales tax', ratePercent: 6.25, inclusive: false, amountCents: 2370 },
      totalCents: 40295,
    });
    const line = screen.getByTestId('summary-line');
    expect(within(line).getByTestId('line-unit-price').textContent).toBe(
      '10 x $40.50 was $45.00 (10% quantity price)',
    );
    expect(within(line).getByTestId('line-total').textContent).toBe('$405.00');
    // The size's own price did not change: the tier is no price change.
    expect(within(line).queryByText(/Price changed/)).toBeNull();
    expect(screen.getByText('Discount (LAB15)')).toBeTruthy();
    expect(screen.getByTestId('order-discount').textContent).toBe('−$60.75');
    expect(screen.getByText('Shipping (Express)')).toBeTruthy();
    expect(screen.getByTestId('order-shipping').textContent).toBe('$35.00');
    expect(screen.getByText('MA sales tax (6.25%)')).toBeTruthy();
    expect(screen.getByTestId('order-tax').textContent).toBe('$23.70');
    expect(screen.getByTestId('order-total').textContent).toBe('$402.95');
  });

  it('tells an inclusive tax under the total instead of adding it, and a free rate as Free', () => {
    // VAT 20% already in $405.00: 405.00 × 20 / 120 = $67.50.
    const free = { id: 'uk:standard', label: 'Standard', amountCents: 0 };
    summary({
      lines: [tierLine],
      subtotalCents: 40500,
      discount: null,
      shippingOptions: [free],
      shipping: free,
      shippingCents: 0,
      taxCents: 6750,
      tax: { label: 'VAT', ratePercent: 20, inclusive: true, amountCents: 6750 },
      totalCents: 40500,
    });
    expect(screen.getByTestId('order-shipping').textContent).toBe('Free');
    expect(screen.getByTestId('order-tax').textContent).toBe('Includes $67.50 VAT (20%)');
    expect(screen.getByTestId('order-total').textContent).toBe('$405.00');
    expect(screen.queryByText('VAT (20%)')).toBeNull();
  });

  it('sends the accepted code and the chosen rate with the order', async () => {
    const checkout = vi.fn(async () => ({ created: true }) as unknown as CheckoutResponse);
    await placeOrder(
      { checkout },
      [cartLine],
      { ...valid, discountCode: 'LAB15', shippingOptionId: 'us:express' },
      'k'.repeat(16),
    );
    expect(checkout).toHaveBeenCalledWith({
      lines: [{ productId: 'bpc', variantId: 'bpc-10', quantity: 10 }],
      shippingAddress: address,
      paymentMethod: 'manual',
      discountCode: 'LAB15',
      shippingOptionId: 'us:express',
      attestations: attested,
      idempotencyKey: 'k'.repeat(16),
    });
  });
});

describe('quoting the shopper’s choices', () => {
  const lines = [{ productId: 'bpc', quantity: 2 }];
  const refusal = (field: string, message: string) =>
    new ApiError(400, 'invalid-input', `${field}: ${message}`, [{ field, message }]);

  it('prices the cart without a refused code and keeps the server’s reason', async () => {
    const asked: QuoteRequestInput[] = [];
    const quote = vi.fn(async (input: QuoteRequestInput) => {
      asked.push(input);
      if (input.discountCode) throw refusal('discountCode', "This code can't be used");
      return { totalCents: 9000 } as QuoteResponse;
    });
    const answer = await quoteWithChoices({ quote }, lines, {
      destination: { country: 'US', state: 'MA' },
      discountCode: 'OLD10',
      shippingOptionId: 'us:express',
    });
    expect(answer).toEqual({
      quote: { totalCents: 9000 },
      refused: { discountCode: "This code can't be used" },
    });
    expect(asked[1]).toEqual({
      lines,
      shippingAddress: { country: 'US', state: 'MA' },
      shippingOptionId: 'us:express',
    });
  });

  it('drops a refused country with its rate, and throws any other failure', async () => {
    const asked: QuoteRequestInput[] = [];
    const quote = vi.fn(async (input: QuoteRequestInput) => {
      asked.push(input);
      if (input.shippingAddress)
        throw refusal('shippingAddress.country', 'We have no shipping rate to Japan; choose another country');
      return { totalCents: 9000 } as QuoteResponse;
    });
    const answer = await quoteWithChoices({ quote }, lines, {
      destination: { country: 'JP', state: '13' },
      discountCode: 'LAB15',
      shippingOptionId: 'us:express',
    });
    expect(answer.refused).toEqual({
      'shippingAddress.country': 'We have no shipping rate to Japan; choose another country',
    });
    expect(asked[1]).toEqual({ lines, discountCode: 'LAB15' });

    const down = async () => {
      throw new ApiError(0, 'network', 'Cannot reach the shop');
    };
    await expect(
      quoteWithChoices({ quote: down }, lines, {
        destination: null,
        discountCode: null,
        shippingOptionId: null,
      }),
    ).rejects.toThrow('Cannot reach the shop');
  });
});

/** The checkout's pricing as the page puts it together, for one US address with the state given. */
function Pricing({ lines, state }: { lines: CartLine[]; state: string }) {
  const pricing = useCheckoutPricing(lines, { country: 'US', state }, []);
  const priced = pricing.quote.data?.quote;
  return (
    <>
      <ShippingOptionsField
        options={pricing.shipping.options}
        chosen={pricing.shipping.chosen}
        addressKnown={pricing.destinationKnown}
        error={undefined}
        onChoose={pricing.shipping.choose}
      />
      {priced && (
        <OrderSummary quote={priced} cartLines={lines} onRemove={() => {}} onSetQuantity={() => {}}>
          <DiscountCodeField
            applied={pricing.discount.applied}
            refusal={pricing.discount.refusal}
            busy={pricing.quote.isValidating}
            onApply={pricing.discount.apply}
            onRemove={pricing.discount.remove}
          />
        </OrderSummary>
      )}
    </>
  );
}

describe('the checkout’s code field and shipping choice', () => {
  const standard = { id: 'us:standard', label: 'Standard', amountCents: 1500 };
  const express = { id: 'us:express', label: 'Express', amountCents: 3500 };
  const lines: CartLine[] = [
    { id: 'bpc', productId: 'bpc', variantId: 'bpc', name: 'BPC-157', imgUrl: PIXEL, price: 45, quantity: 2 },
  ];

  /** POST /api/checkout/quote as the server answers it for 2 × $45.00, LAB15 = 15% off, US rates $15 / $35. */
  function serveQuotes() {
    const asked: QuoteRequestInput[] = [];
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      expect(String(input)).toBe('/api/checkout/quote');
      const body = JSON.parse(String(init?.body)) as QuoteRequestInput;
      asked.push(body);
      if (body.discountCode && body.discountCode !== 'LAB15')
        return Response.json(
          {
            error: {
              code: 'invalid-input',
              message: 'invalid',
              fields: [{ field: 'discountCode', message: "This code can't be used" }],
            },
          },
          { status: 400 },
        );
      const options = body.shippingAddress ? [standard, express] : [];
      const shipping = options.find((o) => o.id === body.shippingOptionId) ?? options[0] ?? null;
      const discountCents = body.discountCode ? 1350 : 0;
      const shippingCents = shipping?.amountCents ?? 0;
      return Response.json({
        lines: [
          {
            productId: 'bpc',
            variantId: 'bpc',
            sku: '',
            options: {},
            name: 'BPC-157',
            imgUrl: PIXEL,
            unitPriceCents: 4500,
            quantity: 2,
            lineTotalCents: 9000,
            status: 'ok',
            inStock: null,
          },
        ],
        subtotalCents: 9000,
        discount: body.discountCode
          ? { code: body.discountCode, amountCents: discountCents, affiliate: null, commissionPercent: 0 }
          : null,
        shippingOptions: options,
        shipping,
        shippingCents,
        taxCents: 0,
        tax: null,
        totalCents: 9000 - discountCents + shippingCents,
      } satisfies QuoteResponse);
    });
    return asked;
  }

  it('asks for rates once the state is known and re-quotes with the rate chosen', async () => {
    const asked = serveQuotes();
    const user = userEvent.setup();
    const { rerender } = render(
      <Storefront>
        <Pricing lines={lines} state="" />
      </Storefront>,
    );
    await screen.findByText('Enter your address to see the shipping options.');
    expect(asked[0]).toEqual({ lines: [{ productId: 'bpc', variantId: 'bpc', quantity: 2 }] });
    rerender(
      <Storefront>
        <Pricing lines={lines} state="ma" />
      </Storefront>,
    );
    const cheapest = await screen.findByRole('radio', { name: 'Standard $15.00' });
    expect((cheapest as HTMLInputElement).checked).toBe(true);
    expect(asked.at(-1)?.shippingAddress).toEqual({ country: 'US', state: 'MA' });
    expect(screen.getByTestId('order-total').textContent).toBe('$105.00');

    await user.click(screen.getByRole('radio', { name: 'Express $35.00' }));
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('$125.00'));
    expect(asked.at(-1)?.shippingOptionId).toBe('us:express');
    expect((screen.getByRole('radio', { name: 'Express $35.00' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Shipping (Express)')).toBeTruthy();
  });

  it('applies a code, shows the server’s reason for refusing one, and removes it', async () => {
    const asked = serveQuotes();
    const user = userEvent.setup();
    render(
      <Storefront>
        <Pricing lines={lines} state="MA" />
      </Storefront>,
    );
    const field = await screen.findByLabelText('Discount code');
    await user.type(field, 'old10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("This code can't be used");
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      "This code can't be used",
    );
    expect(screen.queryByTestId('order-discount')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('$105.00');

    await user.clear(field);
    // Enter applies the code; it does not submit anything else.
    await user.type(field, 'lab15{Enter}');
    await screen.findByText('Discount (LAB15)');
    expect(asked.at(-1)?.discountCode).toBe('LAB15');
    expect(screen.getByTestId('order-discount').textContent).toBe('−$13.50');
    expect(screen.getByTestId('order-total').textContent).toBe('$91.50');
    expect(screen.getByTestId('discount-applied').textContent).toContain('Code LAB15 applied');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Discount (LAB15)')).toBeNull());
    expect(screen.getByTestId('order-total').textContent).toBe('$105.00');
    expect(asked.at(-1)?.discountCode).toBeUndefined();
  });
});
