import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "./components.js";

/**
 * Where the stack's processes keep V8's compiled code of their programs between starts (Node's compile cache). It
 * lies beside the programs, not among them: a build after a change writes every program again, and the chunks the
 * change did not touch (the dependencies, most of the code) come out byte for byte the same, so their entries,
 * which Node checks against the source, still serve.
 */
export const COMPILE_CACHE_DIR = join(REPO_ROOT, "node_modules", ".cache", "de-gateway-v8");

/** What a process of the stack is told so that it reads and fills that cache. */
export const compileCacheEnvironment = (): Record<string, string> => ({ NODE_COMPILE_CACHE: COMPILE_CACHE_DIR });

/** Node never removes an entry: past this size, the whole cache goes, and the next start fills it again. */
const COMPILE_CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

async function sizeOf(directory: string): Promise<number> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true }).catch(() => []);
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        stat(join(entry.parentPath, entry.name)).then(
          ({ size }) => size,
          () => 0,
        ),
      ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Removes the cache once it has outgrown its limit: entries of programs long rebuilt pile up otherwise. */
export async function pruneCompileCache(
  directory = COMPILE_CACHE_DIR,
  limit = COMPILE_CACHE_LIMIT_BYTES,
): Promise<void> {
  if ((await sizeOf(directory)) > limit) await rm(directory, { recursive: true, force: true });
}
