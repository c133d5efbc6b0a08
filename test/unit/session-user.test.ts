import { describe, expect, it } from 'vitest';
import { ADMIN_CLAIMS, holdsAdminClaim } from '../../shared/domain/admin-claim.js';
import { sessionUserSchema } from '../../shared/domain/user.js';

const shopper = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: null,
  photoURL: null,
  emailVerified: false,
  isAdmin: false,
  role: null,
};

describe('session user', () => {
  it('accepts a signed-in user, with or without an e-mail, name or photo', () => {
    expect(sessionUserSchema.safeParse(shopper).success).toBe(true);
    expect(sessionUserSchema.safeParse({ ...shopper, email: null, isAdmin: true }).success).toBe(true);
  });

  it('refuses a user without a uid, or whose admin flag is anything but a boolean', () => {
    expect(sessionUserSchema.safeParse({ ...shopper, uid: '' }).success).toBe(false);
    expect(sessionUserSchema.safeParse({ ...shopper, isAdmin: 'true' }).success).toBe(false);
    expect(sessionUserSchema.safeParse({ ...shopper, isAdmin: undefined }).success).toBe(false);
  });

  it('makes an admin only of claims whose isAdmin is true: not a truthy string, not another role', () => {
    expect(holdsAdminClaim(ADMIN_CLAIMS)).toBe(true);
    expect(holdsAdminClaim({ ...ADMIN_CLAIMS, role: 'fulfilment' })).toBe(true);
    for (const claims of [
      undefined,
      null,
      {},
      { isAdmin: 'true' },
      { isAdmin: 1 },
      { admin: true },
      { role: 'admin' },
    ])
      expect(holdsAdminClaim(claims)).toBe(false);
  });
});
