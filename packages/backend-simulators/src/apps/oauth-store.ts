import { randomUUID } from "node:crypto";

/** The one third-party analysis platform the apps backend authorizes against (Tapis, formerly Agave): the name the apps backend configures. */
export const SUPPORTED_API_NAME = "tapis";

/** How the apps backend is registered as a client of one third-party OAuth server. */
export interface OAuthClientSettings {
  clientId: string;
  /** Where the OAuth server sends the user back: the front end's callback page for this API. */
  redirectUri: string;
}

export interface AuthorizationRequest {
  username: string;
  /** Opaque to the backend: whatever the requesting service needs to route the user back. */
  stateInfo: string;
}

export interface StoredAccessToken {
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export type AuthorizationRequestLookup = { found: true; stateInfo: string } | { found: false; problem: string };

/** The apps backend's OAuth tables: client settings per API, pending authorization requests, stored tokens. */
export class OAuthStore {
  readonly apis: ReadonlyMap<string, OAuthClientSettings> = new Map([
    [
      SUPPORTED_API_NAME,
      { clientId: "discovery-environment", redirectUri: `http://localhost:3000/oauth/callback/${SUPPORTED_API_NAME}` },
    ],
  ]);
  /** By state UUID (lower case). */
  readonly authorizationRequests = new Map<string, AuthorizationRequest>();
  /** By username, then API name. */
  readonly accessTokens = new Map<string, Map<string, StoredAccessToken>>();

  /** Step 2 of the procedure: keeps the state information under a new UUID, bound to the user. */
  storeAuthorizationRequest(username: string, stateInfo = ""): string {
    const id = randomUUID();
    this.authorizationRequests.set(id, { username, stateInfo });
    return id;
  }

  /** Step 7: the request must exist and belong to the caller; it is then removed (it can be used once). */
  takeAuthorizationRequest(id: string, username: string): AuthorizationRequestLookup {
    const key = id.toLowerCase();
    const request = this.authorizationRequests.get(key);
    if (!request) return { found: false, problem: `authorization request ${key} not found` };
    if (request.username !== username) return { found: false, problem: `wrong user for authorization request ${key}` };
    this.authorizationRequests.delete(key);
    return { found: true, stateInfo: request.stateInfo };
  }

  /** Step 9: replaces any token the user already had for the API. */
  storeAccessToken(username: string, apiName: string, token: StoredAccessToken): void {
    const byApi = this.accessTokens.get(username) ?? new Map<string, StoredAccessToken>();
    byApi.set(apiName, token);
    this.accessTokens.set(username, byApi);
  }

  accessToken(username: string, apiName: string): StoredAccessToken | undefined {
    return this.accessTokens.get(username)?.get(apiName);
  }
}
