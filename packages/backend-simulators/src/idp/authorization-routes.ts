import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { DEMO_USERS, demoUser } from "../demo-users.js";
import {
  type AuthorizationRequest,
  checkAuthorizationRequest,
  RedirectedError,
  redirectAddress,
} from "./authorization-request.js";
import { isRegisteredRedirect } from "./clients.js";
import { invalidRequest, OAuthError } from "./oauth-errors.js";
import { OIDC_PATH, REALM_PATH, type Realm } from "./realm.js";
import { errorPage, signedOutPage, signInPage } from "./sign-in-page.js";
import type { SsoSession } from "./sign-ins.js";
import { verifiedRealmToken } from "./tokens.js";

/** The browser's hold on its single sign-on session (Keycloak's cookie of the same purpose). */
export const SESSION_COOKIE = "KEYCLOAK_SESSION";
const SIGN_IN_PATH = `${REALM_PATH}/login-actions/authenticate`;
const Parameters = Type.Record(Type.String(), Type.String());
type Parameters = Record<string, string>;

/**
 * The browser side of the realm: the authorization endpoint, the sign-in page's form and the end-session
 * endpoint. What the person must see is HTML; what goes back to the client is a redirect.
 */
export function authorizationRoutes(app: FastifyInstance, realm: Realm): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof RedirectedError)
      return reply.redirect(redirectAddress(realm, error.request, errorAnswer(error)));
    if (error instanceof OAuthError) return showError(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) throw error;
    return showError(reply, invalidRequest((error as Error).message));
  });

  const sessionOf = (request: FastifyRequest): SsoSession | undefined =>
    realm.signIns().session(request.cookies[SESSION_COOKIE]);

  /** Answers the request with a code for the session's user. */
  const answerWithCode = (reply: FastifyReply, request: AuthorizationRequest, session: SsoSession) => {
    const code = realm.signIns().issueCode({
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      sessionId: session.id,
      scope: request.scope,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
    });
    return reply.redirect(redirectAddress(realm, request, { code, session_state: session.id }));
  };

  app.get<{ Querystring: Parameters }>(
    `${OIDC_PATH}/auth`,
    { schema: { querystring: Parameters } },
    async (request, reply) => {
      const authorization = checkAuthorizationRequest(realm, request.query);
      const session = sessionOf(request);
      const forceSignIn = authorization.prompt.includes("login");
      if (authorization.prompt.includes("none")) {
        if (!session || forceSignIn) {
          throw new RedirectedError(authorization, new OAuthError("login_required", "the user is not signed in"));
        }
        return answerWithCode(reply, authorization, session);
      }
      if (session && !forceSignIn) return answerWithCode(reply, authorization, session);
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(signInPage(SIGN_IN_PATH, authorization.parameters, DEMO_USERS, authorization.client.clientId));
    },
  );

  app.post<{ Body: Parameters }>(SIGN_IN_PATH, { schema: { body: Parameters } }, async (request, reply) => {
    const { username, ...parameters } = request.body;
    const authorization = checkAuthorizationRequest(realm, parameters);
    if (!username || !demoUser(username)) throw invalidRequest(`no demo user ${username ?? ""}`.trim());
    realm.signIns().end(request.cookies[SESSION_COOKIE]);
    const session = realm.signIns().start(username);
    reply.setCookie(SESSION_COOKIE, session.id, { path: `${REALM_PATH}/`, httpOnly: true, sameSite: "lax" });
    return answerWithCode(reply, authorization, session);
  });

  const logout = async (
    request: FastifyRequest<{ Querystring: Parameters; Body?: Parameters }>,
    reply: FastifyReply,
  ) => {
    const parameters = { ...request.query, ...request.body };
    const hint = parameters.id_token_hint
      ? await verifiedRealmToken(realm, parameters.id_token_hint, "ID", invalidRequest, { acceptExpired: true })
      : undefined;
    const clientId = parameters.client_id ?? (typeof hint?.azp === "string" ? hint.azp : undefined);
    const target = parameters.post_logout_redirect_uri;
    if (target !== undefined) {
      if (!clientId)
        throw invalidRequest("Either id_token_hint or client_id is required with post_logout_redirect_uri");
      const client = realm.clients.find(clientId);
      if (!client) throw invalidRequest(`Client not found: ${clientId}`);
      if (!isRegisteredRedirect(client, target)) throw invalidRequest("Invalid parameter: post_logout_redirect_uri");
    }
    realm.signIns().end(request.cookies[SESSION_COOKIE]);
    if (typeof hint?.sid === "string") realm.signIns().end(hint.sid);
    reply.clearCookie(SESSION_COOKIE, { path: `${REALM_PATH}/` });
    if (target === undefined) return reply.type("text/html; charset=utf-8").send(signedOutPage());
    const address = new URL(target);
    if (parameters.state !== undefined) address.searchParams.set("state", parameters.state);
    return reply.redirect(address.toString());
  };
  app.get(`${OIDC_PATH}/logout`, { schema: { querystring: Parameters } }, logout);
  app.post(`${OIDC_PATH}/logout`, { schema: { querystring: Parameters, body: Type.Optional(Parameters) } }, logout);
}

/**
 * A refusal's parameters at the client's address. The `prompt=none` refusal is its code alone, as Keycloak sends
 * it (`error=login_required&state=…`, keycloak/keycloak#25584; `iss` since #25588): keycloak-connect, the web
 * client's middleware, strips only `error`, `state` and `auth_callback` from the address it lands on, so a
 * description would stay in the page's address and ride into the next sign-in's `redirect_uri`.
 */
const errorAnswer = (error: OAuthError): Record<string, string> =>
  error.code === "login_required" ? { error: error.code } : { error: error.code, error_description: error.description };

function showError(reply: FastifyReply, error: OAuthError): FastifyReply {
  return reply.code(400).type("text/html; charset=utf-8").send(errorPage(error.code, error.description));
}
