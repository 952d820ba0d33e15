import { Type } from "typebox";
import { Value } from "typebox/value";
import { DEMO_SERVICE_ACCOUNTS } from "../demo-users.js";
import { DEV_AUDIENCE, DEV_CLIENT_ID } from "./realm-names.js";

/** A client registered in the realm, as a Keycloak administrator would set it up. */
export interface RegisteredClient {
  clientId: string;
  /** Confidential clients authenticate with it; a client without one is public. */
  secret?: string;
  /**
   * Where sign-ins may return and sign-outs may go: exact addresses, or a prefix ending in `*` as Keycloak's
   * "valid redirect URIs" take them.
   */
  redirectUris: string[];
  /** The `aud` of its users' access tokens: the gateway's audience for the platform's own clients. */
  audience: string[];
  /** A client with a service account signs in as itself (client credentials), holding these realm roles. */
  serviceAccountRoles?: string[];
}

export const RegisteredClientSchema = Type.Object(
  {
    clientId: Type.String({ minLength: 1 }),
    secret: Type.Optional(Type.String({ minLength: 1 })),
    redirectUris: Type.Array(Type.String({ minLength: 1 })),
    audience: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    serviceAccountRoles: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  },
  { additionalProperties: false },
);

/** The web front end (cyverse-de/sonora) as `pnpm start` serves it, on its development port. */
export const DEFAULT_UI_CLIENT: RegisteredClient = {
  clientId: DEV_CLIENT_ID,
  secret: "de-ui-secret",
  redirectUris: ["http://localhost:3000/*", "http://127.0.0.1:3000/*"],
  audience: [DEV_AUDIENCE],
};

/** The demo service accounts' clients: confidential, no sign-in of people, tokens for the gateway. */
const SERVICE_ACCOUNT_CLIENTS: RegisteredClient[] = DEMO_SERVICE_ACCOUNTS.map((account) => ({
  clientId: account.clientId,
  secret: account.secret,
  redirectUris: [],
  audience: [DEV_AUDIENCE],
  serviceAccountRoles: account.roles,
}));

/**
 * Clients from a setting such as IDP_CLIENTS: a JSON array of `{clientId, secret?, redirectUris, audience?,
 * serviceAccountRoles?}`;
 * `audience` is the gateway's unless given. Throws with the reason when the setting is malformed.
 */
export function clientsFromSetting(setting: string): RegisteredClient[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(setting);
  } catch {
    throw new Error("IDP_CLIENTS is not JSON");
  }
  const schema = Type.Array(RegisteredClientSchema);
  if (!Value.Check(schema, parsed)) {
    const first = Value.Errors(schema, parsed)[0];
    throw new Error(`IDP_CLIENTS: ${first?.instancePath || "/"} ${first?.message ?? "is not a list of clients"}`);
  }
  return parsed.map((client) => ({ ...client, audience: client.audience ?? [DEV_AUDIENCE] }));
}

/**
 * The realm's clients: the web front end's, the demo service accounts', and those configured (which replace one
 * of the same id).
 */
export class ClientRegistry {
  private readonly byId: Map<string, RegisteredClient>;

  constructor(configured: readonly RegisteredClient[] = []) {
    this.byId = new Map(
      [DEFAULT_UI_CLIENT, ...SERVICE_ACCOUNT_CLIENTS, ...configured].map((client) => [client.clientId, client]),
    );
  }

  get all(): RegisteredClient[] {
    return [...this.byId.values()];
  }

  find(clientId: string): RegisteredClient | undefined {
    return this.byId.get(clientId);
  }
}

/** Whether `uri` is one of the client's registered addresses (a pattern ending in `*` matches by prefix). */
export function isRegisteredRedirect(client: RegisteredClient, uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  return client.redirectUris.some((pattern) =>
    pattern.endsWith("*") ? uri.startsWith(pattern.slice(0, -1)) : uri === pattern,
  );
}
