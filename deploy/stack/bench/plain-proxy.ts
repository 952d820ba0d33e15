import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Starts fastify-proxy.ts in front of `origin`, in a process of its own as a service is. */
export function startPlainProxy(origin: string) {
  const program = fileURLToPath(new URL("./fastify-proxy.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", program, origin], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise<{ pid: number; port: number; stop: () => void }>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) =>
      resolve({ pid: child.pid as number, port: Number(String(chunk).trim()), stop: () => child.kill() }),
    );
    child.once("exit", () => reject(new Error("the plain Fastify proxy ended")));
  });
}
