// Sign-in throttling per account (issue 23, OWASP ASVS 2.2.1; the route's rate limit does it per address).
// Failures are counted per login text, whatever it names, so that a known user and an unknown one answer
// alike. Two windows:
// - per (login, address): LOCK_FAILURES failures lock that pair for the lock time: an attacker at one
//   address stops guessing, the real user at another address is not locked out;
// - per login, all addresses: ACCOUNT_FAILURES failures within the account window throttle the login for
//   every address except those that signed in to it successfully before, so a distributed guess is slowed
//   and still nobody can keep the real user out for ever from their usual address.
// Windows slide and are forgotten when they expire; the counters live in this process (a server restart
// forgets them, as it does the route's rate limit).
import { limits } from '@metocean/contracts';

const LOCK_FAILURES = limits.loginFailuresBeforeLock;
const LOCK_MS = limits.lockMinutes * 60_000;
export const ACCOUNT_FAILURES = 30;
const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** Addresses remembered per account as having signed in to it. */
const TRUSTED_PER_ACCOUNT = 20;
const TRUSTED_MS = 30 * 24 * 3600_000;
/** Logins tracked at once: past this the oldest are forgotten, so a flood of names cannot fill memory. */
const MAX_TRACKED = 50_000;

interface Window {
  failures: number[];
}

export class LoginThrottle {
  private readonly pairs = new Map<string, Window>();
  private readonly accounts = new Map<string, Window>();
  private readonly trusted = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  private static key(login: string): string {
    return login.trim().toLowerCase();
  }

  private recent(map: Map<string, Window>, key: string, span: number): number[] {
    const window = map.get(key);
    if (!window) return [];
    const since = this.now() - span;
    window.failures = window.failures.filter((t) => t > since);
    if (window.failures.length === 0) map.delete(key);
    return window.failures;
  }

  /** Whether a sign-in for `login` from `ip` must wait (answered before the password is checked). */
  blocked(login: string, ip: string): boolean {
    const key = LoginThrottle.key(login);
    if (this.recent(this.pairs, `${key}\u0000${ip}`, LOCK_MS).length >= LOCK_FAILURES) return true;
    if (this.recent(this.accounts, key, ACCOUNT_WINDOW_MS).length < ACCOUNT_FAILURES) return false;
    const since = this.now() - TRUSTED_MS;
    return !((this.trusted.get(key)?.get(ip) ?? 0) > since);
  }

  failed(login: string, ip: string): void {
    const key = LoginThrottle.key(login);
    for (const [map, k] of [
      [this.pairs, `${key}\u0000${ip}`],
      [this.accounts, key],
    ] as const) {
      const window = map.get(k) ?? { failures: [] };
      window.failures.push(this.now());
      map.delete(k); // re-inserted last: the map's order is the order of last use
      map.set(k, window);
      if (map.size > MAX_TRACKED) map.delete(map.keys().next().value as string);
    }
  }

  succeeded(login: string, ip: string): void {
    const key = LoginThrottle.key(login);
    this.pairs.delete(`${key}\u0000${ip}`);
    const addresses = this.trusted.get(key) ?? new Map<string, number>();
    addresses.delete(ip);
    addresses.set(ip, this.now());
    if (addresses.size > TRUSTED_PER_ACCOUNT) addresses.delete(addresses.keys().next().value as string);
    this.trusted.delete(key);
    this.trusted.set(key, addresses);
    if (this.trusted.size > MAX_TRACKED) this.trusted.delete(this.trusted.keys().next().value as string);
  }
}
