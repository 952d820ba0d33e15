import { afterAll, beforeAll, beforeEach } from "vitest";

/**
 * One simulator (or platform) for a test file: started before its tests, back to its seed before each, ended after
 * the last. Returns a getter, for the tests and their helpers to reach it once it runs.
 */
export function perFile<T extends { reset(): unknown }>(
  start: () => Promise<T>,
  end: (started: T) => Promise<unknown>,
): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => (started ? end(started) : undefined));
  beforeEach(() => started?.reset());
  return () => {
    if (!started) throw new Error("the simulator starts in beforeAll");
    return started;
  };
}
