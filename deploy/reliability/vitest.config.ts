import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// One scenario at a time: each starts real service processes and puts load on them, on a machine whose
// cores are shared. The limits are generous because they bound a whole scenario, not its targets.
export default mergeConfig(
  shared,
  defineConfig({
    test: { fileParallelism: false, testTimeout: 180_000, hookTimeout: 120_000 },
  }),
);
