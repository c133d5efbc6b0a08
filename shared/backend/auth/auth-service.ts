import { type Auth, getAuth, type UserRecord } from 'firebase-admin/auth';
import { ADMIN_CLAIMS, holdsAdminClaim } from '../../domain/admin-claim.js';
import { ConflictError, ShopError } from '../../domain/errors.js';
import type { ShopConfig } from '../config.js';
import { firebaseApp } from './firebase-app.js';
import { VerifiedTokens } from './verified-tokens.js';

/** Who made a request, as far as a verified ID token says. */
export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

export interface AdminAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
  disabled: boolean;
  lastSignIn: string | null;
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

  /** Every account holding the isAdmin claim. */
  async listAdmins(): Promise<AdminAccount[]> {
    const admins: AdminAccount[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.auth.listUsers(1000, pageToken);
      for (const user of page.users)
        if (holdsAdminClaim(user.customClaims)) admins.push(toAdminAccount(user));
      pageToken = page.pageToken;
    } while (pageToken);
    return admins.sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
  }

  /** Whether the account with this e-mail holds the isAdmin claim. */
  async isAdmin(email: string): Promise<boolean> {
    return holdsAdminClaim((await this.userByEmail(email)).customClaims);
  }

  /** Adds the isAdmin claim, keeping the user's other claims. */
  async grantAdmin(email: string): Promise<AdminAccount> {
    const user = await this.userByEmail(email);
    await this.auth.setCustomUserClaims(user.uid, { ...user.customClaims, ...ADMIN_CLAIMS });
    return toAdminAccount(user);
  }

  /**
   * Removes the isAdmin claim (other claims kept) and revokes the user's refresh tokens so the
   * change takes effect at once. Refuses to remove the last admin.
   *
   * Auth has no transactions, so two revokes at once (two admins, or the CLI and the web) could both
   * pass the first check. Each therefore checks again after its write and, finding no admin left, puts
   * the claim back and fails: of overlapping revokes at least one is refused.
   */
  async revokeAdmin(email: string): Promise<AdminAccount> {
    const user = await this.userByEmail(email);
    // Not an admin: nothing to take away, and signing a customer out would be a needless surprise.
    if (!holdsAdminClaim(user.customClaims)) return toAdminAccount(user);
    if ((await this.listAdmins()).length <= 1) throw lastAdminError();
    const { isAdmin: _dropped, ...rest } = user.customClaims ?? {};
    await this.auth.setCustomUserClaims(user.uid, rest);
    if ((await this.listAdmins()).length === 0) {
      const now = await this.auth.getUser(user.uid);
      await this.auth.setCustomUserClaims(user.uid, { ...now.customClaims, ...ADMIN_CLAIMS });
      throw lastAdminError();
    }
    await this.auth.revokeRefreshTokens(user.uid);
    return toAdminAccount(user);
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
    displayName: user.displayName ?? null,
    disabled: user.disabled,
    lastSignIn: user.metadata.lastSignInTime ?? null,
  };
}
