import { type Auth, getAuth, type UserRecord } from 'firebase-admin/auth';
import { ADMIN_CLAIMS, holdsAdminClaim } from '../../domain/admin-claim.js';
import { ConflictError, ShopError } from '../../domain/errors.js';
import { claimsWithRole, type StaffRole, staffRoleOf } from '../../domain/staff-role.js';
import type { ShopConfig } from '../config.js';
import { firebaseApp } from './firebase-app.js';
import { VerifiedTokens } from './verified-tokens.js';

/** Who made a request, as far as a verified ID token says. */
export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  /** 'admin' exactly when isAdmin; null for shoppers. */
  role: StaffRole | null;
}

export interface AdminAccount {
  uid: string;
  email: string | null;
  /** Staff routes refuse an account until its owner has confirmed this address. */
  emailVerified: boolean;
  displayName: string | null;
  disabled: boolean;
  lastSignIn: string | null;
  /** null for an account that is not staff (the answer to revoking a shopper). */
  role: StaffRole | null;
}

export class AuthService {
  private readonly verified: VerifiedTokens<AuthUser>;

  constructor(
    private readonly auth: Auth,
    now: () => number = Date.now,
  ) {
    this.verified = new VerifiedTokens(now);
  }

  static fromConfig(config: Pick<ShopConfig, 'projectId' | 'authEmulatorHost'>): AuthService {
    return new AuthService(getAuth(firebaseApp(config)));
  }

  /**
   * Verifies a Firebase ID token; with `checkRevoked` also asks Auth whether the user's sessions
   * were revoked or the account disabled since the token was minted (used on admin routes). Without
   * it, a token verified in the last minute is not verified again (see VerifiedTokens).
   */
  async verify(idToken: string, { checkRevoked = false } = {}): Promise<AuthUser> {
    const known = checkRevoked ? undefined : this.verified.get(idToken);
    if (known) return known;
    try {
      const token = await this.auth.verifyIdToken(idToken, checkRevoked);
      const user = {
        uid: token.uid,
        email: token.email ?? null,
        emailVerified: token.email_verified === true,
        isAdmin: holdsAdminClaim(token),
        role: staffRoleOf(token),
      };
      this.verified.set(idToken, user, token.exp * 1000);
      return user;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'auth/id-token-revoked' || code === 'auth/user-disabled') {
        throw new ShopError('unauthenticated', 'Your session has ended; please sign in again');
      }
      if (code.startsWith('auth/'))
        throw new ShopError('unauthenticated', 'Invalid or expired sign-in token');
      throw error;
    }
  }

  async userByEmail(email: string): Promise<UserRecord> {
    try {
      return await this.auth.getUserByEmail(email.trim());
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') {
        throw new ShopError('not-found', `No account uses ${email.trim()}; they must sign up first`);
      }
      throw error;
    }
  }

  /**
   * A one-time code that lets whoever holds it set this account's password (what Firebase puts in its
   * reset link), or null when no account uses the address.
   */
  async passwordResetCode(email: string): Promise<string | null> {
    try {
      const link = await this.auth.generatePasswordResetLink(email.trim());
      return new URL(link).searchParams.get('oobCode');
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/user-not-found' || code === 'auth/email-not-found') return null;
      throw error;
    }
  }

  /** A one-time code that marks this address verified (what Firebase puts in its verification link). */
  async emailVerificationCode(email: string): Promise<string | null> {
    const link = await this.auth.generateEmailVerificationLink(email.trim());
    return new URL(link).searchParams.get('oobCode');
  }

  /** Every member of staff (full admins and fulfilment), with their role. */
  async listAdmins(): Promise<AdminAccount[]> {
    const admins: AdminAccount[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.auth.listUsers(1000, pageToken);
      for (const user of page.users) if (staffRoleOf(user.customClaims)) admins.push(toAdminAccount(user));
      pageToken = page.pageToken;
    } while (pageToken);
    return admins.sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
  }

  private async fullAdminCount(): Promise<number> {
    return (await this.listAdmins()).filter((a) => a.role === 'admin').length;
  }

  /** The staff role of the account with this e-mail (null: not staff). */
  async roleOf(email: string): Promise<StaffRole | null> {
    return staffRoleOf((await this.userByEmail(email)).customClaims);
  }

  /** Gives the account this staff role (full admin unless said), keeping the user's other claims. */
  async grantAdmin(email: string, role: StaffRole = 'admin'): Promise<AdminAccount> {
    return this.setRole(email, role);
  }

  /** Takes away the account's staff role, whichever it is. Refuses to remove the last full admin. */
  async revokeAdmin(email: string): Promise<AdminAccount> {
    return this.setRole(email, null);
  }

  /**
   * Sets the account's staff role (other claims kept). A change that takes rights away also revokes the
   * user's refresh tokens, so it takes effect at once: admin routes check revocation. Refuses to take
   * full admin from the last full admin, whether revoking or making them fulfilment staff.
   *
   * Auth has no transactions, so two changes at once (two admins, or the CLI and the web) could both
   * pass the first check. Each therefore checks again after its write and, finding no full admin left,
   * puts the claim back and fails: of overlapping changes at least one is refused.
   */
  private async setRole(email: string, role: StaffRole | null): Promise<AdminAccount> {
    const user = await this.userByEmail(email);
    const before = staffRoleOf(user.customClaims);
    // Unchanged: nothing to write, and signing the user out would be a needless surprise.
    if (before === role) return toAdminAccount(user);
    const losesAdmin = before === 'admin';
    if (losesAdmin && (await this.fullAdminCount()) <= 1) throw lastAdminError();
    await this.auth.setCustomUserClaims(user.uid, claimsWithRole(user.customClaims, role));
    if (losesAdmin && (await this.fullAdminCount()) === 0) {
      const now = await this.auth.getUser(user.uid);
      await this.auth.setCustomUserClaims(user.uid, claimsWithRole(now.customClaims, 'admin'));
      throw lastAdminError();
    }
    if (before !== null && role !== 'admin') await this.auth.revokeRefreshTokens(user.uid);
    return toAdminAccount(await this.auth.getUser(user.uid));
  }

  /** The account with this e-mail, created (verified, with this password) when there is none. */
  async ensureUser(
    email: string,
    password: string,
    displayName: string,
  ): Promise<{ uid: string; email: string; created: boolean }> {
    try {
      const user = await this.auth.getUserByEmail(email);
      return { uid: user.uid, email, created: false };
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    }
    const user = await this.auth.createUser({ email, password, emailVerified: true, displayName });
    return { uid: user.uid, email, created: true };
  }

  /** Creates the account if it does not exist and makes sure it holds the isAdmin claim. */
  async ensureAdminAccount(email: string, password: string): Promise<{ created: boolean }> {
    let user: UserRecord;
    let created = false;
    try {
      user = await this.auth.getUserByEmail(email);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      user = await this.auth.createUser({ email, password, emailVerified: true, displayName: 'Shop admin' });
      created = true;
    }
    if (!holdsAdminClaim(user.customClaims)) {
      await this.auth.setCustomUserClaims(user.uid, { ...user.customClaims, ...ADMIN_CLAIMS });
    }
    return { created };
  }
}

const lastAdminError = () => new ConflictError('conflict', 'The last admin cannot be removed');

function toAdminAccount(user: UserRecord): AdminAccount {
  return {
    uid: user.uid,
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    displayName: user.displayName ?? null,
    disabled: user.disabled,
    lastSignIn: user.metadata.lastSignInTime ?? null,
    role: staffRoleOf(user.customClaims),
  };
}
