import { SimulatedPlatform } from "../src/platform.js";
import { perFile } from "./per-file.js";

/** One simulated platform for a test file (see `perFile`). */
export const platformPerFile = (): (() => SimulatedPlatform) =>
  perFile(
    () => SimulatedPlatform.start(),
    (platform) => platform.stop(),
  );
