import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../shared/domain/phone.js';

describe('formatPhone', () => {
  it('formats ten digits as (xxx) xxx-xxxx', () => {
    expect(formatPhone('6175550142')).toBe('(617) 555-0142');
  });

  it('shows partial forms while typing', () => {
    const typed = '6175550142'.split('').map((_, i, all) => formatPhone(all.slice(0, i + 1).join('')));
    expect(typed).toEqual([
      '6',
      '61',
      '617',
      '(617) 5',
      '(617) 55',
      '(617) 555',
      '(617) 555-0',
      '(617) 555-01',
      '(617) 555-014',
      '(617) 555-0142',
    ]);
  });

  it('strips everything but digits and stops at ten', () => {
    expect(formatPhone('+1 (617) 555-0142 ext')).toBe('(161) 755-5014');
    expect(formatPhone('617.555.0142')).toBe('(617) 555-0142');
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('61755501429999')).toBe('(617) 555-0142');
  });

  it('reformats an already formatted value unchanged', () => {
    expect(formatPhone('(617) 555-0142')).toBe('(617) 555-0142');
    expect(formatPhone('(617) 5')).toBe('(617) 5');
  });
});
