import type { ExportedJWKSCache, JWKSCacheInput } from "jose";

/**
 * Follows the identity provider's published signing keys as jose fetches them (through its `jwksCache`
 * record) and counts versions: a fetch that brings different keys is a rotation, and `onRotation` runs.
 */
export class KeySetVersions {
  /** Filled in by jose after every successful fetch of the key set. */
  readonly record: JWKSCacheInput = {};
  private fetchedAt: number | undefined;
  private keys: string | undefined;
  private version = 0;

  constructor(private readonly onRotation: () => void) {}

  /** The version of the key set fetched last; notices a fetch made since the previous call. */
  current(): number {
    const { uat, jwks } = this.record as Partial<ExportedJWKSCache>;
    if (uat === undefined || uat === this.fetchedAt) return this.version;
    this.fetchedAt = uat;
    const keys = JSON.stringify(jwks?.keys ?? []);
    if (this.keys !== undefined && keys !== this.keys) {
      this.version++;
      this.onRotation();
    }
    this.keys = keys;
    return this.version;
  }
}
