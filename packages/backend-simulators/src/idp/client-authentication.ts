import { timingSafeEqual } from "node:crypto";
import type { RegisteredClient } from "./clients.js";
import { invalidClient } from "./oauth-errors.js";
import type { Realm } from "./realm.js";

/** Basic credentials are form-encoded before base64 (RFC 6749, 2.3.1). */
function basicCredentials(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The client calling the token endpoint, authenticated by its secret in the Authorization header (Basic) or in
 * the form (`client_id`, `client_secret`); a public client names itself with `client_id`. Anything else is
 * `invalid_client`.
 */
export function authenticateClient(
  realm: Realm,
  authorization: string | undefined,
  form: Record<string, string>,
): RegisteredClient {
  let id = form.client_id;
  let secret = form.client_secret;
  if (authorization !== undefined) {
    const basic = basicCredentials(authorization);
    if (!basic) throw invalidClient("the Authorization header holds no client credentials");
    if (id !== undefined && id !== basic.id) throw invalidClient("client_id differs from the authenticated client");
    id = basic.id;
    secret = basic.secret;
  }
  if (!id) throw invalidClient("no client authentication was given");
  const client = realm.clients.find(id);
  if (!client) throw invalidClient(`Invalid client or Invalid client credentials`);
  if (client.secret === undefined) return client;
  if (secret === undefined) throw invalidClient("Invalid client or Invalid client credentials");
  if (!sameSecret(secret, client.secret)) throw invalidClient("Invalid client or Invalid client credentials");
  return client;
}
