import type { JWTPayload } from "jose";
import { LRUCache } from "lru-cache";

interface Entry {
  claims: JWTPayload;
  /** The first instant, in ms, at which the token no longer verifies (jose refuses it once `exp` <= now in seconds). */
  expiresAtMs: number;
}

/**
 * Claims of tokens already verified, keyed by the whole token, so that a token is not verified again on every
 * request. Bounded (least recently used entries go first), never answers for a token past its `exp`, and
 * remembers only tokens that have one.
 */
export class VerifiedTokens {
  private readonly entries: LRUCache<string, Entry>;

  constructor(maxEntries: number) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  get size(): number {
    return this.entries.size;
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
