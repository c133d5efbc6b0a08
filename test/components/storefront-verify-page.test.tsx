// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VerifyPage } from '../../web/src/verify/verify-page.js';
import {
  lot,
  product,
  resetBetweenTests,
  Storefront,
  serveCatalogue,
  variant,
} from './storefront-fixtures.js';

resetBetweenTests();

const bpc = product('bpc', 'BPC-157', 0, {
  options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
  variants: [
    variant('bpc-5', { Size: '5 mg' }, 39, { sku: 'BPC-5' }),
    variant('bpc-10', { Size: '10 mg' }, 69, { sku: 'BPC-10' }),
  ],
});
const lots = () => [lot('HX-2611-07', 'bpc', 'bpc-10', { purity: 99.3, testedAt: '2026-11-03' })];

function renderAt(path: string) {
  serveCatalogue(
    () => [bpc],
    () => false,
    lots,
  );
  render(
    <Storefront at={path}>
      <VerifyPage />
    </Storefront>,
  );
  return userEvent.setup();
}

describe('/verify', () => {
  it('looks a typed lot number up (any case) and shows its product, size, test and certificate', async () => {
    const user = renderAt('/verify');
    await user.type(screen.getByLabelText('Lot number'), ' hx-2611-07 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByTestId('location').textContent).toBe('/verify?lot=HX-2611-07');
    const result = await screen.findByRole('region', { name: 'Lot HX-2611-07' });
    expect(within(result).getByRole('link', { name: 'BPC-157' }).getAttribute('href')).toBe(
      '/products/bpc?variant=bpc-10',
    );
    const facts = within(result)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(facts).toEqual(['BPC-157', '10 mg', 'BPC-10', '2026-11-03', '99.3%']);
    const coa = within(result).getByRole('link', { name: 'Certificate of analysis (PDF)' });
    expect(coa.getAttribute('href')).toBe('/files/coa/HX-2611-07.pdf');
    expect(coa.getAttribute('target')).toBe('_blank');
  });

  it('says clearly when no lot has the number in the URL', async () => {
    renderAt('/verify?lot=nope-1');
    expect(await screen.findByText(/^No lot NOPE-1\. Check the number/)).toBeTruthy();
    expect((screen.getByLabelText('Lot number') as HTMLInputElement).value).toBe('NOPE-1');
  });
});
