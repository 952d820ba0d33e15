import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DEVELOPMENT_STACK_SETTING } from "../src/ports.js";

/**
 * The simulators' command (`node dist/cli.js` in the image) refuses to start unless told it runs a development
 * stack; `pnpm start` (deploy/stack/test/stack.test.ts) shows it starting when told.
 */
const { [DEVELOPMENT_STACK_SETTING]: _inherited, ...withoutSetting } = process.env;

const simulators = (setting?: string) =>
  promisify(execFile)(process.execPath, ["--conditions=source", "--import", "tsx", "src/cli.ts"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    env: { ...withoutSetting, ...(setting === undefined ? {} : { [DEVELOPMENT_STACK_SETTING]: setting }) },
    timeout: 20_000,
  });

describe("the simulators' command", () => {
  it.each([
    ["unset", undefined],
    ["empty", ""],
    ["anything but 1", "true"],
  ])("refuses to start, listening on no port, with the setting %s", async (_case, setting) => {
    const refused = simulators(setting);
    await expect(refused).rejects.toMatchObject({ code: 1, stdout: "" });
    const { stderr } = (await refused.catch((error: unknown) => error)) as { stderr: string };
    expect(stderr).toContain("simulators: refusing to start");
    expect(stderr).toContain(`${DEVELOPMENT_STACK_SETTING}=1`);
  });
});
