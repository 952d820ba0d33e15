import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface Floor {
  pid: number;
  port: number;
  stop: () => void;
}

/**
 * Starts one of the bench's floor programs (a hop that does less than the gateway: `fastify-proxy.ts`,
 * `raw-proxy.ts`, `raw-sessions.ts`) in a process of its own, as a service is; it prints the port it listens on.
 * `FLOOR_NODE_OPTIONS` adds options to its Node (`--cpu-prof`, to profile it beside a service).
 */
export function startFloor(program: string, ...args: string[]): Promise<Floor> {
  const file = fileURLToPath(new URL(program, import.meta.url));
  const options = process.env.FLOOR_NODE_OPTIONS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...options, "--import", "tsx", file, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise<Floor>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) =>
      resolve({ pid: child.pid as number, port: Number(String(chunk).trim()), stop: () => child.kill() }),
    );
    child.once("exit", () => reject(new Error(`${program} ended`)));
  });
}

/** Starts fastify-proxy.ts in front of `origin`. */
export const startPlainProxy = (origin: string) => startFloor("./fastify-proxy.ts", origin);
