import { DEMO_USERS } from "@de-gateway/backend-simulators";
import { edgeComponent, requiredPorts, serviceComponents, simulatorComponent } from "./components.js";
import { serviceEnvironment } from "./environment.js";
import { busyPorts } from "./ports.js";
import { launch, type Running, stopAll, waitUntilReady } from "./processes.js";

/** `pnpm start`: simulators, every service as its own process and the edge, until Ctrl-C. */
const edgePort = Number(process.env.EDGE_PORT ?? 8080);
const running: Running[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  stopping = true;
  await stopAll(running);
  process.exit(code);
}

function fail(message: string): Promise<never> {
  process.stderr.write(`stack: ${message}\n`);
  return shutdown(1);
}

process.once("SIGINT", () => void shutdown(0));
process.once("SIGTERM", () => void shutdown(0));

const busy = await busyPorts(requiredPorts(edgePort));
if (busy.length > 0) {
  await fail(
    `these ports are already in use: ${busy.map(({ port, owner }) => `${port} (${owner})`).join(", ")}. ` +
      "Stop whatever holds them (an earlier 'pnpm start'?) and try again; the edge port can be changed with EDGE_PORT.",
  );
}

function watch(entry: Running): Running {
  entry.child.once("exit", (code, signal) => {
    if (!stopping) void fail(`${entry.component.name} stopped unexpectedly (${signal ?? `exit code ${code}`})`);
  });
  running.push(entry);
  return entry;
}

try {
  await waitUntilReady(watch(launch(simulatorComponent(), { SIM_HOST: "127.0.0.1", LOG_LEVEL: "warn" })));
  const env = await serviceEnvironment();
  const services = serviceComponents().map((service) =>
    watch(launch(service, { ...env, PORT: String(service.port), HOST: "127.0.0.1", LOG_LEVEL: "info" })),
  );
  await Promise.all(services.map((service) => waitUntilReady(service)));
  await waitUntilReady(watch(launch(edgeComponent(edgePort), { EDGE_PORT: String(edgePort), EDGE_HOST: "127.0.0.1" })));
} catch (error) {
  await fail((error as Error).message);
}

const servicePorts = serviceComponents()
  .map(({ port }) => port)
  .join(", ");
process.stdout.write(`
  The gateway is up: http://localhost:${edgePort}/
  API:        http://localhost:${edgePort}/openapi.json, to browse: http://localhost:${edgePort}/docs
  Metrics:    http://127.0.0.1:<port>/metrics on each service's own port (${servicePorts}), not through the gateway
  Demo users: ${DEMO_USERS.map((user) => `${user.username}${user.groups.includes("de-admins") ? " (admin)" : ""}`).join(", ")}
  A token:    TOKEN=$(corepack pnpm --silent token alice)
              curl -H "Authorization: Bearer $TOKEN" http://localhost:${edgePort}/secured/bootstrap?ip-address=127.0.0.1
  Mail sent by the gateway: http://localhost:4008/messages
  Ctrl-C stops everything.
`);
