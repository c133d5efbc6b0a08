import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_RANGE } from '../../shared/domain/constants.js';
import { filterByPrice, priceMinMax } from '../../shared/domain/price-filter.js';

const items = [{ price: 30 }, { price: 19.99 }, { price: 120 }, { price: 45.5 }];

describe('price filter', () => {
  it('finds the lowest and highest price, [0, 0] for none', () => {
    expect(priceMinMax(items)).toEqual([19.99, 120]);
    expect(priceMinMax([])).toEqual([0, 0]);
    expect(DEFAULT_PRICE_RANGE).toEqual([0, 0]);
    expect(priceMinMax([{ price: 7 }])).toEqual([7, 7]);
  });

  it('keeps prices within the range, both ends included', () => {
    expect(filterByPrice(items, [19.99, 45.5]).map((i) => i.price)).toEqual([30, 19.99, 45.5]);
    expect(filterByPrice(items, [30, 30]).map((i) => i.price)).toEqual([30]);
    expect(filterByPrice(items, [121, 500])).toEqual([]);
  });

  it('compares in cents so float noise cannot drop an end', () => {
    expect(filterByPrice([{ price: 0.3 }], [0.1 + 0.2, 0.1 + 0.2])).toHaveLength(1);
  });

  it('accepts a reversed range', () => {
    expect(filterByPrice(items, [45.5, 19.99])).toHaveLength(3);
  });
});
