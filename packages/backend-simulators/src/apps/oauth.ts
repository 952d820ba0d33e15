import { defineModule } from "../framework/module.js";
import { accessCodeRoutes } from "./oauth-access-code.js";
import { oauthServerRoutes, type RegisteredClient, SimulatedOAuthServer } from "./oauth-server.js";
import { OAuthStore } from "./oauth-store.js";

export interface OauthState {
  /** The apps backend's side: client settings, authorization requests (`storeAuthorizationRequest`), tokens. */
  store: OAuthStore;
  /** The third-party OAuth server the backend trades codes with, served under `/oauth-server/`. */
  server: SimulatedOAuthServer;
}

function makeState(): OauthState {
  const store = new OAuthStore();
  const clients = [...store.apis.values()].map((client): [string, RegisteredClient] => [
    client.clientId,
    { redirectUris: [client.redirectUri] },
  ]);
  return { store, server: new SimulatedOAuthServer(clients) };
}

/** Apps backend: OAuth authorization state and tokens (access-code callback), with the OAuth server it calls. */
export const oauth = defineModule<OauthState>({
  makeState,
  async routes(app, state) {
    await accessCodeRoutes(app, () => state().store);
    await oauthServerRoutes(app, () => state().server);
  },
});
