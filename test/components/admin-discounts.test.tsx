// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderTotals } from '../../admin-web/src/orders/order-totals.js';
import { mayOpen } from '../../admin-web/src/staff/staff-pages.js';
import type { AffiliateSales } from '../../shared/domain/affiliate-report.js';
import { type Discount, forStaff } from '../../shared/domain/discount.js';
import type { Order } from '../../shared/domain/order.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const code = (over: Partial<Discount>): Discount => ({
  code: 'SPRING15',
  type: 'percent',
  value: 15,
  productIds: [],
  categories: [],
  startsAt: null,
  endsAt: null,
  minSubtotal: null,
  usageLimit: null,
  oncePerCustomer: false,
  affiliate: null,
  commissionPercent: 0,
  active: true,
  uses: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** What the stand-in server holds and answers, and the writes it was sent. */
let discounts: Discount[];
let affiliates: AffiliateSales[];
let answerCreate: (body: Record<string, unknown>) => Response;
let sent: { method: string; url: string; body: unknown }[];

let DiscountsPage: typeof import('../../admin-web/src/discounts/discounts-page.js').DiscountsPage;
let AffiliatesPanel: typeof import('../../admin-web/src/dashboard/affiliates-panel.js').AffiliatesPanel;

beforeAll(async () => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/admin/discounts')
      return json({ discounts: discounts.map((d) => forStaff(d, Date.now())) });
    if (method === 'GET' && url.startsWith('/api/admin/reports/affiliates?'))
      return json({ from: '2026-11-01', to: '2026-11-30', affiliates });
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ method, url, body });
    if (method === 'POST' && url === '/api/admin/discounts') return answerCreate(body);
    const active = /^\/api\/admin\/discounts\/([^/]+)\/active$/.exec(url);
    if (method === 'PUT' && active) {
      const changed = { ...discounts.find((d) => d.code === active[1])!, active: body.active as boolean };
      discounts = discounts.map((d) => (d.code === changed.code ? changed : d));
      return json({ discount: forStaff(changed, Date.now()) });
    }
    return json({ error: { code: 'not-found', message: 'No such route' } }, 404);
  });
  ({ DiscountsPage } = await import('../../admin-web/src/discounts/discounts-page.js'));
  ({ AffiliatesPanel } = await import('../../admin-web/src/dashboard/affiliates-panel.js'));
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  sent = [];
  affiliates = [];
  discounts = [
    code({ usageLimit: 10, uses: 3, affiliate: 'Dr Lee', commissionPercent: 12, oncePerCustomer: true }),
    code({
      code: 'TENOFF',
      type: 'amount',
      value: 10,
      productIds: ['bpc', 'tb500'],
      categories: ['Recovery'],
      startsAt: '2026-12-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00+01:00',
      minSubtotal: 100,
      active: false,
    }),
  ];
  answerCreate = () => json({ error: { code: 'internal', message: 'Not expected' } }, 500);
});
afterEach(cleanup);

const renderFresh = (ui: React.ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </SWRConfig>,
  );
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('the discounts page', () => {
  it('lists each code with what it takes off, where, when, its uses and whose it is', async () => {
    renderFresh(<DiscountsPage />);
    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const [, spring, ten] = within(table).getAllByRole('row');
    expect(cells(spring!)).toEqual([
      'SPRING15',
      '15%',
      'All products',
      'Any time',
      '—',
      '3 / 10',
      'Usable',
      'Yes',
      'Dr Lee (12%)',
      'On',
    ]);
    expect(cells(ten!)).toEqual([
      'TENOFF',
      '$10.00 off',
      '2 products and Recovery',
      '2026-12-01 00:00 UTC to 2026-12-31 23:00 UTC',
      '$100.00',
      '0 (no limit)',
      'Switched off',
      'No',
      '—',
      'Off',
    ]);
  });

  it('switches a code off through the API and shows what the server answered', async () => {
    const user = userEvent.setup();
    renderFresh(<DiscountsPage />);
    const toggle = await screen.findByRole('switch', { name: 'SPRING15 active' });
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/admin/discounts/SPRING15/active', body: { active: false } },
    ]);
  });

  it('sends a new code as the API takes it and shows the server’s field errors under their fields', async () => {
    const user = userEvent.setup();
    answerCreate = () =>
      json(
        {
          error: {
            code: 'invalid-input',
            message: 'Invalid input',
            fields: [{ field: 'productIds.1', message: 'There is no product nope' }],
          },
        },
        400,
      );
    renderFresh(<DiscountsPage />);
    await screen.findByRole('table', { name: 'Discount codes' });
    await user.type(screen.getByLabelText('Code'), 'lab10');
    await user.selectOptions(screen.getByLabelText('Type'), 'amount');
    await user.type(screen.getByLabelText('Value'), '10');
    await user.type(screen.getByLabelText('Products (ids)'), 'bpc, nope');
    await user.type(screen.getByLabelText('Ends (UTC)'), '2026-12-31T12:30');
    await user.type(screen.getByLabelText('Minimum subtotal (USD)'), '50');
    await user.type(screen.getByLabelText('Affiliate'), ' Lab Partners ');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect((await screen.findByText('There is no product nope')).id).toBe('discount-productIds-error');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/admin/discounts',
        body: {
          code: 'lab10',
          type: 'amount',
          value: 10,
          productIds: ['bpc', 'nope'],
          categories: [],
          startsAt: null,
          endsAt: '2026-12-31T12:30:00Z',
          minSubtotal: 50,
          usageLimit: null,
          oncePerCustomer: false,
          affiliate: 'Lab Partners',
        },
      },
    ]);
  });

  it('names a wrong field before sending anything, with the server’s own rule', async () => {
    const user = userEvent.setup();
    renderFresh(<DiscountsPage />);
    await screen.findByRole('table', { name: 'Discount codes' });
    await user.type(screen.getByLabelText('Code'), 'BIG');
    await user.type(screen.getByLabelText('Value'), '150');
    await user.type(screen.getByLabelText('Commission (%)'), '5');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect((await screen.findByText('A percentage off must be at most 100')).id).toBe('discount-value-error');
    expect(screen.getByText('A commission needs an affiliate').id).toBe('discount-commissionPercent-error');
    expect(sent).toEqual([]);
  });

  it('is for full admins only: fulfilment staff have no discounts or rates page', () => {
    for (const path of ['/discounts', '/settings/rates']) {
      expect(mayOpen('admin', path)).toBe(true);
      expect(mayOpen('fulfilment', path)).toBe(false);
    }
  });
});

describe('the dashboard’s affiliates', () => {
  it('says when no affiliate sold in the period', async () => {
    renderFresh(<AffiliatesPanel from="2026-11-01" to="2026-11-30" />);
    await screen.findByText('No affiliate sales in this period.');
  });

  it('lists each affiliate’s codes, orders, revenue and commission', async () => {
    affiliates = [
      {
        affiliate: 'Dr Lee',
        codes: ['LEE10', 'LEE5'],
        orders: 3,
        revenueCents: 123_456,
        commissionCents: 12_346,
      },
    ];
    renderFresh(<AffiliatesPanel from="2026-11-01" to="2026-11-30" />);
    const region = screen.getByRole('region', { name: 'Affiliates, 2026-11-01 to 2026-11-30' });
    const row = (await within(region).findAllByRole('row'))[1]!;
    expect(cells(row)).toEqual(['Dr Lee', 'LEE10, LEE5', '3', '$1,234.56', '$123.46']);
  });
});

describe('an order’s totals', () => {
  const totals = (order: Partial<Order>) => {
    render(
      <OrderTotals
        order={
          {
            subtotalCents: 10_000,
            discount: null,
            shippingCents: 1_500,
            shipping: null,
            taxCents: 0,
            tax: null,
            totalCents: 11_500,
            ...order,
          } as Order
        }
      />,
    );
    return [...screen.getByLabelText('Totals').querySelectorAll('[data-total]')].map((row) =>
      [...row.children].map((c) => c.textContent),
    );
  };

  it('shows an order placed before codes and rates as subtotal, shipping and total', () => {
    expect(totals({})).toEqual([
      ['Subtotal', '$100.00'],
      ['Shipping', '$15.00'],
      ['Total', '$115.00'],
    ]);
  });

  it('shows tax already in the prices apart from what was added', () => {
    expect(
      totals({
        discount: { code: 'SAVE5', amountCents: 500, affiliate: null, commissionPercent: 0 },
        shipping: { id: 'uk:royal-mail', label: 'Royal Mail', amountCents: 495 },
        shippingCents: 495,
        tax: { label: 'VAT', ratePercent: 20, inclusive: true, amountCents: 1_666 },
        taxCents: 1_666,
        totalCents: 9_995,
      }),
    ).toEqual([
      ['Subtotal', '$100.00'],
      ['Discount SAVE5', '−$5.00'],
      ['Shipping — Royal Mail', '$4.95'],
      ['VAT 20%, included in the prices', '$16.66'],
      ['Total', '$99.95'],
    ]);
  });
});
