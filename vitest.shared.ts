import { defineConfig } from "vitest/config";

// Every package runs its tests against TypeScript sources (the "source" export condition),
// so no build is needed first, and writes a JSON report that .ci/run sums up.
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ["default", "json"],
    outputFile: { json: ".vitest/report.json" },
  },
});
