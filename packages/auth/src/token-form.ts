/** The longest token accepted, in characters: a Keycloak access token with many groups stays well below. */
export const MAX_TOKEN_LENGTH = 16 * 1024;

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Whether a base64url part is written the one way an encoder writes it: a decoder ignores the unused low bits of
 * the last character, so `…Q` and `…R` can carry the same bytes, and each such spelling would be verified and
 * remembered as a token of its own.
 */
const isCanonical = (part: string) => Buffer.from(part, "base64url").toString("base64url") === part;

/**
 * Whether a token is a strict compact JWS: three base64url parts, each in its canonical spelling, no padding,
 * whitespace or percent-encoding, at most MAX_TOKEN_LENGTH characters. Any other spelling of a valid token is
 * refused before it is verified, so one token has one form, and one entry in the verified-token memory.
 */
export function isStrictCompactJwt(token: string): boolean {
  return token.length <= MAX_TOKEN_LENGTH && COMPACT_JWS.test(token) && token.split(".").every(isCanonical);
}
