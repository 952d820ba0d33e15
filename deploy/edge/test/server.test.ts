import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

/** Runs `pnpm start`'s command with the given environment until it exits. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/server.ts"], {
      cwd: packageDir,
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("edge server", () => {
  let occupied: Server;
  let port: number;
  beforeAll(async () => {
    occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(0, "127.0.0.1", resolve));
    port = (occupied.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => occupied.close(() => resolve())));

  it("says in one line that the port is in use, and exits 1", async () => {
    const { code, stderr } = await runServer({ EDGE_PORT: String(port), EDGE_HOST: "127.0.0.1" });
    expect(code).toBe(1);
    expect(stderr).toBe(`edge: port ${port} on 127.0.0.1 is already in use (set EDGE_PORT to another one)\n`);
  });

  it("names a malformed setting and exits 1", async () => {
    const { code, stderr } = await runServer({ EDGE_PORT: String(port), UPSTREAM_GROUPS: "groups" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^edge: invalid configuration:\n {2}UPSTREAM_GROUPS: .*\(got "groups"\)\n$/);
  });
});
