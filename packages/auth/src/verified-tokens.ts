import type { JWTPayload } from "jose";
import { LRUCache } from "lru-cache";

interface Entry {
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

/** What one entry is counted as: its token and its claims as text. */
const sizeOf = (token: string, claims: JWTPayload) => token.length + JSON.stringify(claims).length;

/**
 * Claims of tokens already verified, keyed by the whole token (which the verifier accepts only in its one
 * canonical spelling), so that a token is not verified again on every request. Bounded by entries and by bytes
 * (least recently used entries go first), never answers for a token past its `exp`, and remembers only tokens
 * that have one.
 */
export class VerifiedTokens {
  private readonly entries: LRUCache<string, Entry>;

  constructor({ maxEntries, maxBytes }: VerifiedTokenLimits) {
    this.entries = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (entry, token) => sizeOf(token, entry.claims),
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
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now < entry.expiresAtMs) return entry.claims;
    this.entries.delete(token);
    return undefined;
  }

  remember(token: string, claims: JWTPayload): void {
    if (typeof claims.exp === "number") this.entries.set(token, { claims, expiresAtMs: claims.exp * 1000 });
  }

  clear(): void {
    this.entries.clear();
  }
}
