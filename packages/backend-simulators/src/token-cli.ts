import { parseArgs } from "node:util";
import { DEMO_SERVICE_ACCOUNTS, demoServiceAccount } from "./demo-users.js";
import { DEFAULT_PORTS } from "./ports.js";

/**
 * `pnpm token <user> [--de-jwt]`: asks the running development identity provider for a demo user's token.
 * `pnpm token --service <client>`: signs a demo service account in as Keycloak's client credentials grant does.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    "de-jwt": { type: "boolean", default: false },
    service: { type: "string" },
    idp: { type: "string" },
  },
});
const username = positionals[0];
const service = values.service;
if (!username === !service) {
  const accounts = DEMO_SERVICE_ACCOUNTS.map((account) => account.clientId).join("|");
  process.stderr.write(`usage: pnpm token <alice|bob|carol> [--de-jwt]\n       pnpm token --service <${accounts}>\n`);
  process.exit(2);
}
const idp = values.idp ?? process.env.IDP_URL ?? `http://localhost:${DEFAULT_PORTS.idp}`;

/** The service account's own token from the realm's token endpoint, the client's secret sent by Basic. */
function serviceTokenRequest(clientId: string): Request {
  const account = demoServiceAccount(clientId);
  if (!account) {
    process.stderr.write(`token: no demo service account ${clientId}\n`);
    process.exit(2);
  }
  return new Request(`${idp}/realms/de/protocol/openid-connect/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${account.clientId}:${account.secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
  });
}

const request = service
  ? serviceTokenRequest(service)
  : new Request(`${idp}/token/${encodeURIComponent(username ?? "")}`);
try {
  const response = await fetch(request);
  const body = (await response.json()) as {
    access_token?: string;
    de_jwt?: string;
    error?: string;
    error_description?: string;
  };
  if (!response.ok) {
    const reason = body.error_description ?? body.error ?? `identity provider answered ${response.status}`;
    process.stderr.write(`token: ${reason}\n`);
    process.exit(1);
  }
  process.stdout.write(`${values["de-jwt"] ? body.de_jwt : body.access_token}\n`);
} catch {
  process.stderr.write(`token: no identity provider at ${idp}; start the stack first with 'pnpm start'\n`);
  process.exit(1);
}
