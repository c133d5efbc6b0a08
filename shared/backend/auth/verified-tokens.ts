/**
 * How long a shopper's verified token is taken on trust before Auth is asked about it again.
 * @internal
 */
export const VERIFIED_TOKEN_TRUST_MS = 60_000;
/** Tokens remembered at most; past this the oldest is forgotten (and asked about again if it returns). */
const REMEMBERED = 10_000;

/**
 * ID tokens verified lately, each with whom it names, until it expires or for VERIFIED_TOKEN_TRUST_MS,
 * whichever is sooner. Real Firebase Auth verifies a token without a call unless revocation is
 * checked; the emulator makes one per verification, which cost the embedded shop most of a checkout.
 * Only failures are never remembered.
 */
export class VerifiedTokens<T> {
  private readonly tokens = new Map<string, { value: T; untilMs: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(token: string): T | undefined {
    const known = this.tokens.get(token);
    if (!known) return undefined;
    if (known.untilMs > this.now()) return known.value;
    this.tokens.delete(token);
    return undefined;
  }

  /** Remembers `token` as naming `value`, at most until `expiresAtMs`. */
  set(token: string, value: T, expiresAtMs: number): void {
    const untilMs = Math.min(expiresAtMs, this.now() + VERIFIED_TOKEN_TRUST_MS);
    if (untilMs <= this.now()) return;
    this.tokens.delete(token);
    this.tokens.set(token, { value, untilMs });
    if (this.tokens.size > REMEMBERED) this.tokens.delete(this.tokens.keys().next().value!);
  }
}
