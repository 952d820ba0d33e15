import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { answers } from "../framework/answers.js";
import { AccessTokenResponse } from "./answer-schemas/oauth.js";

/** Where the simulated third-party OAuth server answers, inside the apps simulator's process. */
export const AUTHORIZE_PATH = "/oauth-server/authorize";
export const TOKEN_PATH = "/oauth-server/token";

export interface RegisteredClient {
  redirectUris: string[];
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
}

/** The third party's authorization server: the clients registered with it and the codes it has issued. */
export class SimulatedOAuthServer {
  /** By client id; deleting one makes the token endpoint refuse that client (`invalid_client`). */
  readonly clients: Map<string, RegisteredClient>;
  /** Issued and not yet redeemed, by code. */
  readonly codes = new Map<string, IssuedCode>();
  /** Lifetime of the access tokens it issues, in seconds. */
  tokenLifetimeSeconds = 14_400;

  constructor(clients: Iterable<[string, RegisteredClient]>) {
    this.clients = new Map(clients);
  }

  issueCode(clientId: string, redirectUri: string): string {
    const code = randomBytes(18).toString("base64url");
    this.codes.set(code, { clientId, redirectUri });
    return code;
  }
}

const secret = () => randomBytes(24).toString("base64url");

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header("cache-control", "no-store").send({ error, error_description: description });
}

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>) {
  const target = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(key, value);
  return reply.redirect(target.toString(), 302);
}

type Params = Record<string, string | string[] | undefined>;
const single = (params: Params, key: string) => (typeof params[key] === "string" ? params[key] : undefined);

/**
 * RFC 6749 authorization-code grant. `GET /authorize` stands for the user's visit: it grants at once and sends
 * the browser back to redirect_uri with `code` and `state`, or with `error=access_denied` when the simulator-only
 * parameter `decision=deny` is given. `POST /token` (form-encoded) checks grant_type, client_id, the code it issued
 * and the redirect_uri it was issued for, and answers a bearer token with a lifetime and a refresh token.
 */
export async function oauthServerRoutes(app: FastifyInstance, server: () => SimulatedOAuthServer): Promise<void> {
  app.get(AUTHORIZE_PATH, async (request, reply) => {
    const query = request.query as Params;
    const clientId = single(query, "client_id");
    const redirectUri = single(query, "redirect_uri");
    const state = single(query, "state");
    const client = clientId ? server().clients.get(clientId) : undefined;
    // Without a trustworthy client and redirect_uri the user must not be sent anywhere.
    if (!client) return oauthError(reply, 400, "invalid_request", "unknown client_id");
    if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
      return oauthError(reply, 400, "invalid_request", "redirect_uri is not registered for this client");
    }
    if (single(query, "response_type") !== "code") {
      return redirectWith(reply, redirectUri, { error: "unsupported_response_type", state });
    }
    if (single(query, "decision") === "deny") {
      return redirectWith(reply, redirectUri, {
        error: "access_denied",
        error_description: "the user denied the authorization request",
        state,
      });
    }
    return redirectWith(reply, redirectUri, { code: server().issueCode(clientId as string, redirectUri), state });
  });

  await app.register(async (tokenEndpoint) => {
    tokenEndpoint.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    tokenEndpoint.post(TOKEN_PATH, answers({ 200: AccessTokenResponse }), async (request, reply) => {
      const form = (request.body ?? {}) as Params;
      if (single(form, "grant_type") !== "authorization_code") {
        return oauthError(reply, 400, "unsupported_grant_type", "only authorization_code is supported");
      }
      const clientId = single(form, "client_id");
      if (!clientId || !server().clients.has(clientId)) {
        return oauthError(reply, 401, "invalid_client", "unknown or revoked client_id");
      }
      const code = single(form, "code");
      if (!code) return oauthError(reply, 400, "invalid_request", "code is required");
      const issued = server().codes.get(code);
      if (!issued)
        return oauthError(reply, 400, "invalid_grant", "unknown, refused or already used authorization code");
      if (issued.clientId !== clientId) {
        return oauthError(reply, 400, "invalid_grant", "the code was issued to another client");
      }
      if (issued.redirectUri !== single(form, "redirect_uri")) {
        return oauthError(reply, 400, "invalid_grant", "redirect_uri differs from the authorization request's");
      }
      server().codes.delete(code);
      return reply.header("cache-control", "no-store").send({
        access_token: secret(),
        token_type: "bearer",
        expires_in: server().tokenLifetimeSeconds,
        refresh_token: secret(),
      });
    });
  });
}
