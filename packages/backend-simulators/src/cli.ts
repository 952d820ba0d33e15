import type { RegisteredClient } from "./idp/clients.js";
import type { SimulatedPlatform } from "./platform.js";
import { DEVELOPMENT_STACK_SETTING } from "./ports.js";
import { type StackKeys, stackKeysFrom } from "./stack-keys.js";

/**
 * Runs every simulator on its default port until SIGINT/SIGTERM (used by `pnpm start` and the development layers of
 * docker-compose and Kubernetes), and only where told it runs a development stack (DEVELOPMENT_STACK_SETTING).
 */
async function main(): Promise<void> {
  if (process.env[DEVELOPMENT_STACK_SETTING] !== "1") {
    process.stderr.write(
      `simulators: refusing to start: they include the development identity provider, which hands anyone an ` +
        `administrator's token. Set ${DEVELOPMENT_STACK_SETTING}=1 only on a development stack ` +
        "(pnpm start and the development layers of deploy/ set it).\n",
    );
    process.exit(1);
  }
  // Loaded only once allowed: a refused start reads nothing of the simulators.
  const [{ DEMO_USERS }, { clientsFromSetting }, platformModule] = await Promise.all([
    import("./demo-users.js"),
    import("./idp/clients.js"),
    import("./platform.js"),
  ]);
  let clients: RegisteredClient[] = [];
  let keys: StackKeys | undefined;
  try {
    clients = process.env.IDP_CLIENTS ? clientsFromSetting(process.env.IDP_CLIENTS) : [];
    keys = stackKeysFrom(process.env);
  } catch (error) {
    process.stderr.write(`simulators: ${(error as Error).message}\n`);
    process.exit(1);
  }
  let platform: SimulatedPlatform;
  try {
    platform = await platformModule.SimulatedPlatform.start({
      ports: "default",
      host: process.env.SIM_HOST ?? "127.0.0.1",
      logLevel: process.env.LOG_LEVEL ?? "warn",
      identityProviderClients: clients,
      keys,
    });
  } catch (error) {
    const err = error as NodeJS.ErrnoException & { port?: number };
    if (err.code === "EADDRINUSE") {
      process.stderr.write(`simulators: a simulator port is already in use (${err.message})\n`);
    } else {
      process.stderr.write(`simulators: cannot start: ${err.message}\n`);
    }
    process.exit(1);
  }
  // The demo begins after its world's analyses ran and data-usage-api's batch counted every user's bytes.
  platform.recallDemoHistory();
  const env = await platform.env();
  process.stdout.write(
    `simulators ready: apps ${env.APPS_URL}, idp ${platform.idp.url}, smtp ${env.SMTP_URL}, inbox ${platform.smtp.inbox.url}/messages\n` +
      `demo users: ${DEMO_USERS.map((user) => user.username).join(", ")}\n` +
      `realm: ${platform.idp.issuer}, clients: ${platform.idp.clients.all.map((client) => client.clientId).join(", ")}\n`,
  );
  const stop = async () => {
    await platform.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

await main();
