import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, STOREFRONT_PAGE_SIZE } from '../../shared/domain/constants.js';
import { totalPages } from '../../shared/domain/pagination.js';

describe('pagination', () => {
  it('uses 6 per storefront page and 10 per admin page', () => {
    expect(STOREFRONT_PAGE_SIZE).toBe(6);
    expect(ADMIN_PAGE_SIZE).toBe(10);
  });

  it('counts total pages', () => {
    expect(totalPages(0, 6)).toBe(0);
    expect(totalPages(1, 6)).toBe(1);
    expect(totalPages(6, 6)).toBe(1);
    expect(totalPages(7, 6)).toBe(2);
    expect(totalPages(21, 10)).toBe(3);
    expect(() => totalPages(3, 0)).toThrow(RangeError);
  });
});
