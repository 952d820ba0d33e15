import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/index.js";
import { download, type Sim, startFileInfo, store, upload } from "./file-info-client.js";

const ALICE = "/iplant/home/alice";

describe("the data store's folder on disk", () => {
  it("survives an outage (stop and start), is replaced on reset and removed on dispose", async () => {
    const sim: Sim = await startFileInfo();
    const first = store(sim).disk.root;
    await upload(sim, ALICE, "alice", "kept.txt", "still here");
    await sim.stop();
    expect(existsSync(first)).toBe(true);
    await sim.start();
    expect((await download(sim, `${ALICE}/kept.txt`, "alice")).body).toBe("still here");

    sim.reset();
    const second = store(sim).disk.root;
    expect(second).not.toBe(first);
    expect(existsSync(first)).toBe(false);
    expect((await download(sim, `${ALICE}/kept.txt`, "alice")).status).toBe(500);
    expect((await download(sim, `${ALICE}/notes.txt`, "alice")).status).toBe(200);

    await sim.dispose();
    expect(existsSync(second)).toBe(false);
  });

  it("is removed when the platform stops", async () => {
    const platform = await SimulatedPlatform.start();
    const root = platform.fileInfo.state.dataStore.disk.root;
    expect(existsSync(root)).toBe(true);
    await platform.stop();
    expect(existsSync(root)).toBe(false);
  });

  it.each([
    ["exits", ""],
    ["is terminated", 'setTimeout(() => {}, 10_000); process.kill(process.pid, "SIGTERM");'],
  ])("is removed when a process %s without disposing of it", (_how, ending) => {
    const index = fileURLToPath(new URL("../src/file-info/index.ts", import.meta.url));
    const script = `const { createFileInfoSimulator } = await import(${JSON.stringify(index)});
      const sim = createFileInfoSimulator();
      console.log(sim.state.dataStore.disk.root);
      ${ending}`;
    const child = spawnSync(
      process.execPath,
      ["--conditions=source", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: fileURLToPath(new URL("..", import.meta.url)),
        encoding: "utf8",
      },
    );
    expect(child.signal).toBe(ending ? "SIGTERM" : null);
    const root = child.stdout.trim();
    expect(root).toMatch(/file-info-/);
    expect(existsSync(root)).toBe(false);
  });
});
