import { DEFAULT_PORTS } from "@de-gateway/backend-simulators/ports";
import { BUNDLE_DIR } from "./bundle-paths.js";
import { REPO_ROOT, serviceComponents } from "./components.js";
import { tracesBanner } from "./environment.js";
import { prettyLines } from "./logs.js";
import { sourcePositions } from "./source-positions.js";
import { Stack, StackError } from "./stack.js";

/** `pnpm start` once compiled (see start.ts): the stack until Ctrl-C, with readable logs. */
const edgePort = Number(process.env.EDGE_PORT ?? 8080);
const pretty = prettyLines();
const positions = sourcePositions(BUNDLE_DIR, REPO_ROOT);
const stack = new Stack({ edgePort, output: (name, line) => pretty(name, positions(line)), tracing: true });

async function shutdown(code: number): Promise<never> {
  await stack.stop();
  process.exit(code);
}

function fail(message: string): Promise<never> {
  process.stderr.write(`stack: ${message}\n`);
  return shutdown(1);
}

/** The demo users as the identity provider lists them (loading the simulators' code here would slow the start). */
async function demoUsers(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${DEFAULT_PORTS.idp}/users`);
  const users = (await response.json()) as Array<{ username: string; groups: string[] }>;
  return users.map((user) => `${user.username}${user.groups.includes("de-admins") ? " (admin)" : ""}`).join(", ");
}

interface RealmClient {
  clientId: string;
  secret?: string;
  redirectUris: string[];
}

/** What a web front end signs people in with: the realm's issuer and the clients registered in it. */
async function frontEndSettings(): Promise<string> {
  const idp = `http://127.0.0.1:${DEFAULT_PORTS.idp}`;
  const [{ issuer }, clients] = await Promise.all([
    fetch(`${idp}/realms/de/.well-known/openid-configuration`).then(
      (response) => response.json() as Promise<{ issuer: string }>,
    ),
    fetch(`${idp}/clients`).then((response) => response.json() as Promise<RealmClient[]>),
  ]);
  const signIns = clients
    .filter((client) => client.redirectUris.length > 0)
    .map(
      (client) =>
        `client ${client.clientId}${client.secret ? `, secret ${client.secret}` : " (public)"}, ` +
        `redirects ${client.redirectUris.join(" ")}`,
    );
  return [`issuer ${issuer}`, ...signIns].join("\n              ");
}

async function main(): Promise<void> {
  try {
    await stack.start();
  } catch (error) {
    // After Ctrl-C during start, shutdown() is already under way.
    if (!stack.stopped) await fail(error instanceof StackError ? error.message : String(error));
    return;
  }
  for (const { component, child } of stack.running) {
    child.once("exit", (code, signal) => {
      if (!stack.stopped) void fail(`${component.name} stopped unexpectedly (${signal ?? `exit code ${code}`})`);
    });
  }
  const servicePorts = serviceComponents()
    .map(({ port }) => port)
    .join(", ");
  process.stdout.write(`
  The gateway is up: http://localhost:${edgePort}/ (every process on Node ${process.version})
  API:        http://localhost:${edgePort}/openapi.json, to browse: http://localhost:${edgePort}/docs
  Metrics:    http://127.0.0.1:<port>/metrics on each service's own port (${servicePorts}), not through the gateway
  ${tracesBanner()}
  Demo users: ${await demoUsers()}
  Sign-in:    ${await frontEndSettings()}
              a web front end against this stack: docs/web-front-end.md
  A service account's token: corepack pnpm --silent token --service qms-updater
  A token:    TOKEN=$(corepack pnpm --silent token alice)
              curl -H "Authorization: Bearer $TOKEN" http://localhost:${edgePort}/secured/bootstrap?ip-address=127.0.0.1
  Mail sent by the gateway: http://localhost:4008/messages
  Ctrl-C stops everything.
`);
}

process.once("SIGINT", () => void shutdown(0));
process.once("SIGTERM", () => void shutdown(0));
await main();
