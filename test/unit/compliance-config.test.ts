import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/backend/config.js';
import { noShipIssue } from '../../shared/domain/compliance.js';

const base = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SHOP_DATA_DIR: '/srv/shop-data' };

describe('compliance settings from the environment', () => {
  it('asks for 21 and ships everywhere unless told otherwise', () => {
    expect(loadConfig(base).compliance).toEqual({ minimumAge: 21, noShipCountries: [] });
  });

  it('reads the minimum age and the countries not shipped to in any case, once each', () => {
    const config = loadConfig({ ...base, SHOP_MINIMUM_AGE: '18', SHOP_NO_SHIP_COUNTRIES: ' ca, AU,ca ' });
    expect(config.compliance).toEqual({ minimumAge: 18, noShipCountries: ['CA', 'AU'] });
  });

  it('refuses an age under 18 and a list that is not two-letter codes', () => {
    expect(() => loadConfig({ ...base, SHOP_MINIMUM_AGE: '16' })).toThrow(
      'SHOP_MINIMUM_AGE: SHOP_MINIMUM_AGE must be at least 18',
    );
    expect(() => loadConfig({ ...base, SHOP_NO_SHIP_COUNTRIES: 'Canada' })).toThrow(
      'SHOP_NO_SHIP_COUNTRIES must be two-letter country codes separated by commas',
    );
  });
});

describe('a destination the shop does not ship to', () => {
  it('is refused however its code is written, naming the country, and others pass', () => {
    const refused = {
      field: 'shippingAddress.country',
      message: 'We do not ship to Canada; choose another country',
    };
    for (const written of ['CA', 'ca', ' Ca ']) expect(noShipIssue(written, ['CA', 'AU'])).toEqual(refused);
    expect(noShipIssue('US', ['CA', 'AU'])).toBeNull();
    expect(noShipIssue('ca', [])).toBeNull();
  });
});
