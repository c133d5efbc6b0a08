import { describe, expect, it } from 'vitest';
import { claimsWithRole, roleMay, staffRoleOf } from '../../shared/domain/staff-role.js';

describe('staff roles', () => {
  it('lets fulfilment staff see and ship orders and nothing else; full admins everything; shoppers nothing', () => {
    expect(roleMay('fulfilment', 'orders:read')).toBe(true);
    expect(roleMay('fulfilment', 'orders:ship')).toBe(true);
    expect(roleMay('admin', 'orders:read')).toBe(true);
    expect(roleMay('admin', 'orders:ship')).toBe(true);
    expect(roleMay(null, 'orders:read')).toBe(false);
    expect(roleMay(null, 'orders:ship')).toBe(false);
    expect(roleMay('fulfilment', 'orders:read-all')).toBe(false);
    expect(roleMay('admin', 'orders:read-all')).toBe(true);
    expect(roleMay(null, 'orders:read-all')).toBe(false);
  });

  it('reads the role from the claims: isAdmin makes a full admin, role "fulfilment" fulfilment staff', () => {
    expect(staffRoleOf({ isAdmin: true })).toBe('admin');
    expect(staffRoleOf({ isAdmin: true, role: 'fulfilment' })).toBe('admin');
    expect(staffRoleOf({ role: 'fulfilment', tier: 'gold' })).toBe('fulfilment');
    for (const claims of [
      undefined,
      null,
      {},
      { role: 'admin' },
      { role: 'Fulfilment' },
      { isAdmin: 'true' },
    ])
      expect(staffRoleOf(claims)).toBeNull();
  });

  it('writes exactly one role into the claims, keeping every unrelated claim', () => {
    const before = { isAdmin: true, tier: 'gold' };
    expect(claimsWithRole(before, 'fulfilment')).toEqual({ tier: 'gold', role: 'fulfilment' });
    expect(claimsWithRole({ tier: 'gold', role: 'fulfilment' }, 'admin')).toEqual({
      tier: 'gold',
      isAdmin: true,
    });
    expect(claimsWithRole({ tier: 'gold', role: 'fulfilment' }, null)).toEqual({ tier: 'gold' });
    expect(claimsWithRole({ role: 'buyer' }, null)).toEqual({ role: 'buyer' });
    expect(claimsWithRole(undefined, 'admin')).toEqual({ isAdmin: true });
    expect(before).toEqual({ isAdmin: true, tier: 'gold' });
  });
});
