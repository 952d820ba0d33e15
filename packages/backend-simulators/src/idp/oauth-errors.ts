import type { FastifyReply } from "fastify";

/** The error codes of RFC 6749 (5.2, 4.1.2.1), OpenID Connect Core (3.1.2.6) and RFC 6750 (3.1) this realm answers. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "login_required"
  | "invalid_token";

/** A refusal the OAuth specifications name; answered as `{error, error_description}`, never as a server error. */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
  }

  /** 401 for a client or token that does not authenticate, 400 for everything else. */
  get status(): number {
    return this.code === "invalid_client" || this.code === "invalid_token" ? 401 : 400;
  }
}

export const invalidRequest = (description: string) => new OAuthError("invalid_request", description);
export const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);
export const invalidClient = (description: string) => new OAuthError("invalid_client", description);

/** Sends the error as the token and userinfo endpoints answer it (JSON, never cached). */
export function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  if (error.code === "invalid_token") {
    reply.header("www-authenticate", `Bearer error="invalid_token", error_description="${error.description}"`);
  } else if (error.code === "invalid_client") {
    reply.header("www-authenticate", 'Basic realm="de"');
  }
  return reply
    .code(error.status)
    .header("cache-control", "no-store")
    .send({ error: error.code, error_description: error.description });
}
