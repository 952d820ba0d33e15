import type { JWTPayload } from "jose";
import { LRUCache } from "lru-cache";

interface Entry {
  /** The whole token: an entry answers only for the very token it was made for. */
  token: string;
  claims: JWTPayload;
  /** The first instant, in ms, at which the token no longer verifies (jose refuses it once `exp` <= now in seconds). */
  expiresAtMs: number;
}

export interface VerifiedTokenLimits {
  /** How many tokens are remembered at most. */
  maxEntries: number;
  /** How many bytes the remembered tokens and their claims take at most (an estimate: their characters). */
  maxBytes: number;
}

/**
 * How many of a token's last characters find its entry. A token is a new string on every request, and finding a
 * map entry by a new string hashes all of it: microseconds for a token of a thousand characters. Its last
 * characters are part of its signature (at least 43 characters), as good as random; the entry found is compared
 * with the whole token.
 */
const KEY_CHARACTERS = 32;
const keyOf = (token: string) => token.slice(-KEY_CHARACTERS);

/** What one entry is counted as: its token and its claims as text. */
const sizeOf = (token: string, claims: JWTPayload) => token.length + JSON.stringify(claims).length;

/**
 * Claims of tokens already verified, keyed by the whole token (which the verifier accepts only in its one
 * canonical spelling), so that a token is not verified again on every request. Bounded by entries and by bytes
 * (least recently used entries go first), never answers for a token past its `exp`, and remembers only tokens
 * that have one.
 */
export class VerifiedTokens {
  /** Entries by their token's last KEY_CHARACTERS characters. */
  private readonly entries: LRUCache<string, Entry>;

  constructor({ maxEntries, maxBytes }: VerifiedTokenLimits) {
    this.entries = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (entry) => sizeOf(entry.token, entry.claims),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the remembered entries are counted as. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get(token: string, now: number = Date.now()): JWTPayload | undefined {
    const key = keyOf(token);
    const entry = this.entries.get(key);
    if (entry?.token !== token) return undefined;
    if (now < entry.expiresAtMs) return entry.claims;
    this.entries.delete(key);
    return undefined;
  }

  remember(token: string, claims: JWTPayload): void {
    if (typeof claims.exp === "number") {
      this.entries.set(keyOf(token), { token, claims, expiresAtMs: claims.exp * 1000 });
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
