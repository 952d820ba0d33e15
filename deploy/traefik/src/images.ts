import { DEFAULT_PORTS } from "@de-gateway/backend-simulators";
import type { ServiceRoutes } from "@de-gateway/routing";
import { gatewayServices, packageIn } from "./workspace.js";

/** One image of the stack, with what its Dockerfile says beyond the template. */
export interface Image {
  /** The workspace package the image runs. */
  packageName: string;
  dir: string;
  dockerfile: string;
  /** What the image is, for the Dockerfile's opening comment. */
  summary: string;
  main: string;
  /** Node options the command gives before `main` (routes.yml `nodeArgs`). */
  nodeArgs: string[];
  /** The service's port from routes.yml (the simulators have many). */
  port?: number;
  /** The runtime stage's environment, as `ENV` takes it. */
  environment: string;
  /** The ports the image listens on, as `EXPOSE` takes them. */
  exposedPorts: string;
  /** JavaScript the HEALTHCHECK runs with `node -e`: exits 0 when the container is ready. */
  healthProbe: string;
}

/** Ports as `EXPOSE` takes them: runs of consecutive ports as `first-last`. */
export function exposeList(ports: number[]): string {
  const runs: number[][] = [];
  for (const port of [...ports].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run?.at(-1) === port - 1) run.push(port);
    else runs.push([port]);
  }
  return runs.map((run) => (run.length > 1 ? `${run[0]}-${run.at(-1)}` : String(run[0]))).join(" ");
}

function serviceImage({ service, port, nodeArgs }: ServiceRoutes): Image {
  const dir = `services/${service}`;
  return {
    packageName: packageIn(dir).name,
    dir,
    dockerfile: `${dir}/Dockerfile`,
    summary: `The ${service} service: compiled JavaScript on Node 24, production dependencies only, as user node.`,
    main: "dist/server.js",
    nodeArgs,
    port,
    environment: "NODE_ENV=production",
    exposedPorts: String(port),
    healthProbe: `fetch('http://127.0.0.1:' + (process.env.PORT || ${port}) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`,
  };
}

function simulatorsImage(): Image {
  const dir = "packages/backend-simulators";
  const { smtp, ...http } = DEFAULT_PORTS;
  const httpPorts = Object.values(http).sort((a, b) => a - b);
  return {
    packageName: packageIn(dir).name,
    dir,
    dockerfile: `${dir}/Dockerfile`,
    summary: "The backend simulators, development identity provider and SMTP catcher of the docker-compose stack.",
    main: "dist/cli.js",
    nodeArgs: [],
    // Listening on every interface: the services reach the simulators by their compose name.
    environment: "NODE_ENV=production SIM_HOST=0.0.0.0 LOG_LEVEL=warn",
    exposedPorts: `${exposeList(httpPorts)} ${smtp}`,
    healthProbe: `Promise.all([${httpPorts.join(", ")}].map((port) => fetch('http://127.0.0.1:' + port + '/__sim/healthz').then((r) => { if (!r.ok) throw new Error(r.status); }))).then(() => process.exit(0), () => process.exit(1))`,
  };
}

/** Every image of the stack: one per gateway service, plus the simulators. */
export const images: Image[] = [...gatewayServices.map(serviceImage), simulatorsImage()];
