import type { OAuthClientSettings, StoredAccessToken } from "./oauth-store.js";

/** As long as the real backend's OAuth client waits for the token endpoint. */
const TOKEN_REQUEST_TIMEOUT_MS = 5_000;

/** What the backend answers when the exchange fails: the real one relays the OAuth server's own error answer. */
export interface FailedExchange {
  status: number;
  contentType: string;
  body: string;
}

export type ExchangeResult = { ok: true; token: StoredAccessToken } | ({ ok: false } & FailedExchange);

const failure = (status: number, errorCode: string, reason: string): ExchangeResult => ({
  ok: false,
  status,
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify({ error_code: errorCode, reason }),
});

function tokenFrom(body: unknown): StoredAccessToken | undefined {
  const { access_token, refresh_token, expires_in } = (body ?? {}) as Record<string, unknown>;
  if (typeof access_token !== "string" || typeof refresh_token !== "string" || typeof expires_in !== "number") {
    return undefined;
  }
  return { accessToken: access_token, refreshToken: refresh_token, expiresAt: Date.now() + expires_in * 1000 };
}

/** Step 8: trades the authorization code for a token at the OAuth server's token endpoint, over HTTP. */
export async function exchangeAuthorizationCode(
  tokenEndpoint: string,
  client: OAuthClientSettings,
  code: string,
): Promise<ExchangeResult> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(tokenEndpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: client.redirectUri,
        client_id: client.clientId,
      }),
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    return failure(500, "ERR_UNCHECKED_EXCEPTION", `token request failed: ${(error as Error).message}`);
  }
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      contentType: response.headers.get("content-type") ?? "text/plain",
      body: text,
    };
  }
  let token: StoredAccessToken | undefined;
  try {
    token = tokenFrom(JSON.parse(text));
  } catch {
    token = undefined;
  }
  return token
    ? { ok: true, token }
    : failure(500, "ERR_REQUEST_FAILED", "the token endpoint answered without a token");
}
