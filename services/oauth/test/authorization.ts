import type { SimulatedPlatform } from "@de-gateway/backend-simulators";

export const API = "tapis";

function tapisClient(platform: SimulatedPlatform) {
  const client = platform.apps.state.oauth.store.apis.get(API);
  if (!client) throw new Error(`the apps simulator has no ${API} client`);
  return client;
}

/**
 * Steps 1 to 5 without a browser: the apps backend stores state information for the user (as its services do
 * when they find authorization necessary), and the OAuth server issues a code for the backend's client.
 */
export function pendingAuthorization(platform: SimulatedPlatform, username: string, stateInfo: string) {
  const client = tapisClient(platform);
  return {
    state: platform.apps.state.oauth.store.storeAuthorizationRequest(username, stateInfo),
    code: platform.apps.state.oauth.server.issueCode(client.clientId, client.redirectUri),
  };
}

/** The user visits an authorization URL; answers where the OAuth server sends the browser back. */
export async function visit(authorizationUrl: string, decision?: "deny"): Promise<URL> {
  const url = new URL(authorizationUrl);
  if (decision) url.searchParams.set("decision", decision);
  const response = await fetch(url, { redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`no redirect from ${url}: ${response.status}`);
  return new URL(location);
}

/** The apps backend's authorization URLs for the user (storing a request for each API without a token). */
export async function redirectUris(platform: SimulatedPlatform, username: string): Promise<Record<string, string>> {
  const response = await fetch(`${platform.apps.url}/oauth/redirect-uris?user=${encodeURIComponent(username)}`);
  if (!response.ok) throw new Error(`redirect-uris answered ${response.status}`);
  return (await response.json()) as Record<string, string>;
}
