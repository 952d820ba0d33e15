import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * resource-usage-api (src/resource-usage/answer-schemas.ts) and data-usage-api (src/data-usage/answer-schemas.ts)
 * answer in their own shapes, asked as services/subscriptions asks them: by the qualified username.
 */
let platform: SimulatedPlatform;
const resourceUsage = answersOf(() => platform.resourceUsage);
const dataUsage = answersOf(() => platform.dataUsage);
const ALICE = "alice%40iplantcollaborative.org";

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  const store = platform.qms.state.store;
  for (const [name, value] of [
    ["cpu.hours", 12.5],
    ["data.size", 2 ** 30],
  ] as const) {
    const resourceType = store.resourceTypeNamed(name);
    if (!resourceType) throw new Error(`no resource type ${name}`);
    store.applyUsage("alice", resourceType, "SET", value);
  }
});
afterAll(() => platform.stop());

describe("the usage APIs answer in their own shapes", () => {
  it("summarizes a user's CPU hours, data usage and subscription", async () => {
    const summary = await resourceUsage("GET", `/summary/${ALICE}`);
    expect(summary.cpu_usage.total).toBe("12.5");
    expect(summary.subscription.users.username).toBe("alice");
    await resourceUsage("GET", `/summary/${ALICE}/`);
  });

  it("answers a user's current data usage", async () => {
    expect((await dataUsage("GET", `/${ALICE}/data/current`)).total).toBe(2 ** 30);
  });
});
