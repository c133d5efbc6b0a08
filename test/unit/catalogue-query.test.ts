import { describe, expect, it } from 'vitest';
import {
  catalogueSearchParams,
  DEFAULT_CATALOGUE_QUERY,
  parseCatalogueQuery,
} from '../../shared/domain/catalogue-query.js';

const fieldsOf = (params: Record<string, string>, scope?: 'public' | 'admin') =>
  parseCatalogueQuery(params, scope).issues.map((i) => i.field);

describe('catalogue query in the URL', () => {
  it('takes the defaults for absent or empty values and ignores unknown parameters', () => {
    const { query, issues } = parseCatalogueQuery(new URLSearchParams('q=&sort=&utm_source=mail'));
    expect(issues).toEqual([]);
    expect(query).toMatchObject(DEFAULT_CATALOGUE_QUERY);
    expect(query.perPage).toBe(6);
  });

  it('reads the first value of a parameter given twice, as the address bar does', () => {
    const asTheApiGetsIt = parseCatalogueQuery({ q: ['bpc', 'tb'], page: ['2', 'x'] });
    expect(asTheApiGetsIt.issues).toEqual([]);
    expect(asTheApiGetsIt.query).toMatchObject({ q: 'bpc', page: 2 });
    expect(parseCatalogueQuery(new URLSearchParams('q=bpc&q=tb&page=2&page=x')).query).toEqual(
      asTheApiGetsIt.query,
    );
  });

  it('reads every field, trims text and swaps a minimum above the maximum', () => {
    const { query } = parseCatalogueQuery({
      q: '  bpc ',
      category: 'Tissue Repair',
      brand: 'Helix',
      min: '50',
      max: '10.5',
      inStock: '1',
      sort: 'price-desc',
      page: '3',
      perPage: '48',
    });
    expect(query).toMatchObject({
      q: 'bpc',
      min: 10.5,
      max: 50,
      inStock: true,
      sort: 'price-desc',
      page: 3,
      perPage: 48,
    });
  });

  it('names each bad field', () => {
    expect(
      fieldsOf({ sort: 'foo', perPage: '1000', min: 'abc', max: '-1', page: '1.5', inStock: 'maybe' }).sort(),
    ).toEqual(['inStock', 'max', 'min', 'page', 'perPage', 'sort']);
    expect(fieldsOf({ q: 'x'.repeat(101) })).toEqual(['q']);
  });

  it("reads the admin list's filters only in the admin scope", () => {
    expect(parseCatalogueQuery({ available: 'false', outOfStock: 'true' }).query).toMatchObject({
      available: null,
      outOfStock: false,
    });
    expect(parseCatalogueQuery({ available: 'false', outOfStock: 'true' }, 'admin').query).toMatchObject({
      available: false,
      outOfStock: true,
    });
    expect(fieldsOf({ available: 'perhaps' }, 'admin')).toEqual(['available']);
  });

  it('writes a query back as parameters without its defaults, and reads them back the same', () => {
    const query = { ...DEFAULT_CATALOGUE_QUERY, q: 'bcp-157', min: 5, sort: 'newest' as const, page: 2 };
    const params = catalogueSearchParams(query);
    expect(params).toEqual({ q: 'bcp-157', min: '5', sort: 'newest', page: '2' });
    expect(parseCatalogueQuery(params).query).toMatchObject(query);
    expect(catalogueSearchParams(DEFAULT_CATALOGUE_QUERY)).toEqual({});
  });
});
