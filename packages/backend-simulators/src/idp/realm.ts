import type { ClientRegistry } from "./clients.js";
import type { SigningKeys } from "./keys.js";
import type { SignIns } from "./sign-ins.js";

/** The realm `de` as its endpoints see it: who issues, which clients, whose sessions, which keys. */
export interface Realm {
  /** The issuer the realm's tokens name; its endpoints live under it. */
  issuer(): string;
  clients: ClientRegistry;
  signIns(): SignIns;
  keys(): Promise<SigningKeys>;
}

export const REALM_PATH = "/realms/de";
export const OIDC_PATH = `${REALM_PATH}/protocol/openid-connect`;

/** Where an endpoint of the realm answers, as clients reach it. */
export const endpointUrl = (realm: Realm, endpoint: string): string =>
  `${realm.issuer()}/protocol/openid-connect/${endpoint}`;
