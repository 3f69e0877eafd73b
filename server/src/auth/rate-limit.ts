import { AppError, TwoFactorRequiredError } from '../errors';

interface Window {
  count: number;
  resetAt: number;
}

/** Counts events per key in fixed windows; the memory it holds is swept as windows expire. */
class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may now. */
  retryAfter(key: string, at: number): number {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= at) return 0;
    return w.count >= this.limit ? w.resetAt - at : 0;
  }

  hit(key: string, at: number): void {
    if (this.windows.size > 50_000) this.sweep(at);
    const w = this.windows.get(key);
    if (!w || w.resetAt <= at) this.windows.set(key, { count: 1, resetAt: at + this.windowMs });
    else w.count += 1;
  }

  private sweep(at: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= at) this.windows.delete(key);
  }
}

/**
 * Failures that count against a client: wrong password, unknown email, bad signup, wrong
 * two-factor code (a right password still missing its code is no failure).
 */
const countedKinds = new Set([
  'UNAUTHENTICATED',
  'EMAIL_NOT_REGISTERED',
  'CONFLICT',
  'BAD_USER_INPUT',
]);

/**
 * Brute-force protection for login and signup: failed attempts are counted per IP (per minute)
 * and per account (per 15 minutes); past the limit every attempt is refused until the window ends.
 */
export function createAuthLimiter(limit: number) {
  const perIp = new FixedWindowCounter(limit, 60_000);
  const perAccount = new FixedWindowCounter(limit, 15 * 60_000);

  return {
    async attempt<T>(ip: string, account: string | undefined, run: () => Promise<T>): Promise<T> {
      if (limit === 0) return run();
      const at = Date.now();
      const accountKey = account?.trim().toLowerCase();
      const wait = Math.max(
        perIp.retryAfter(ip, at),
        accountKey ? perAccount.retryAfter(accountKey, at) : 0,
      );
      if (wait > 0) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed attempts. Try again in ${Math.ceil(wait / 1000)} seconds.`,
        );
      }
      try {
        return await run();
      } catch (error) {
        const missingCode = error instanceof TwoFactorRequiredError && !error.codeGiven;
        if (error instanceof AppError && countedKinds.has(error.kind) && !missingCode) {
          perIp.hit(ip, at);
          if (accountKey) perAccount.hit(accountKey, at);
        }
        throw error;
      }
    },
  };
}

export type AuthLimiter = ReturnType<typeof createAuthLimiter>;
