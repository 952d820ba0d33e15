import { parseArgs } from "node:util";
import { DEFAULT_PORTS } from "./ports.js";

/** `pnpm token <user> [--de-jwt]`: asks the running development identity provider for a token. */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "de-jwt": { type: "boolean", default: false }, idp: { type: "string" } },
});
const username = positionals[0];
if (!username) {
  process.stderr.write("usage: pnpm token <alice|bob|carol> [--de-jwt]\n");
  process.exit(2);
}
const idp = values.idp ?? process.env.IDP_URL ?? `http://localhost:${DEFAULT_PORTS.idp}`;
try {
  const response = await fetch(`${idp}/token/${encodeURIComponent(username)}`);
  const body = (await response.json()) as { access_token?: string; de_jwt?: string; error?: string };
  if (!response.ok) {
    process.stderr.write(`token: ${body.error ?? `identity provider answered ${response.status}`}\n`);
    process.exit(1);
  }
  process.stdout.write(`${values["de-jwt"] ? body.de_jwt : body.access_token}\n`);
} catch {
  process.stderr.write(`token: no identity provider at ${idp}; start the stack first with 'pnpm start'\n`);
  process.exit(1);
}
