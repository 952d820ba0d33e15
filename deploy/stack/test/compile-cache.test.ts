import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pruneCompileCache } from "../src/compile-cache.js";

/** A cache laid out as Node lays it out: a folder per Node version and flags, an entry per compiled file. */
function cacheOf(entrySizes: number[]): string {
  const directory = mkdtempSync(join(tmpdir(), "compile-cache-"));
  const versionFolder = join(directory, "v24.21.0-x64-e85773e6-0");
  mkdirSync(versionFolder);
  for (const [index, size] of entrySizes.entries())
    writeFileSync(join(versionFolder, `entry-${index}`), Buffer.alloc(size));
  return directory;
}

describe("pruneCompileCache", () => {
  it("keeps a cache within its limit", async () => {
    const directory = cacheOf([4000, 5000]);
    await pruneCompileCache(directory, 10_000);
    expect(existsSync(join(directory, "v24.21.0-x64-e85773e6-0", "entry-1"))).toBe(true);
  });

  it("removes a cache that has outgrown its limit, counting the entries in every folder", async () => {
    const directory = cacheOf([6000, 5000]);
    await pruneCompileCache(directory, 10_000);
    expect(existsSync(directory)).toBe(false);
  });

  it("does nothing when there is no cache yet", async () => {
    const directory = join(tmpdir(), "compile-cache-never-made");
    await expect(pruneCompileCache(directory, 10)).resolves.toBeUndefined();
    expect(existsSync(directory)).toBe(false);
  });
});
