import { describe, expect, it } from "vitest";
import { platformPerFile } from "./platform-per-file.js";

/**
 * resource-usage-api's summary as a deployment with QMS enabled answers it (internal/summarizer/httpsummarizer.go):
 * everything from the subscriptions service's `/summary/{user}`, nothing from data-usage-api, `errors` never filled.
 */
const platform = platformPerFile();

const ZERO_TIME = "0001-01-01T00:00:00Z";

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the summary's JSON
type Answer = Record<string, any>;

function setUsage(username: string, name: string, value: number) {
  const store = platform().qms.state.store;
  const resourceType = store.resourceTypeNamed(name);
  if (!resourceType) throw new Error(`no resource type ${name}`);
  store.applyUsage(username, resourceType, "SET", value);
}

async function summaryOf(username: string) {
  const response = await fetch(`${platform().resourceUsage.url}/summary/${encodeURIComponent(username)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

describe("GET /summary/{username}", () => {
  it("takes CPU hours, data usage and the subscription from the subscriptions service, asking data-usage-api nothing", async () => {
    setUsage("alice", "cpu.hours", 12.5);
    setUsage("alice", "data.size", 2 ** 30);
    const summary = await summaryOf("alice@iplantcollaborative.org");
    expect(summary.errors).toBeNull();
    expect(summary.cpu_usage).toMatchObject({ username: "alice", total: "12.5" });
    expect(summary.data_usage).toEqual({
      id: expect.any(String),
      user_id: summary.subscription.users.id,
      username: "alice",
      total: 2 ** 30,
      time: summary.data_usage.last_modified,
      last_modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    expect(platform().dataUsage.recorder.requests).toEqual([]);
    // internal/internal.go FixUsername appends the domain to the qualified name; the service drops it from the `@`.
    expect(platform().subscriptionAddons.recorder.requests.map((request) => decodeURIComponent(request.path))).toEqual([
      "/summary/alice@iplantcollaborative.org@iplantcollaborative.org",
    ]);
  });

  it("answers a user without usages with empty records at Go's zero time, and writes CPU hours as apd's text", async () => {
    const bob = await summaryOf("bob");
    expect(bob.cpu_usage).toMatchObject({ id: "", username: "bob", total: "0", last_modified: ZERO_TIME });
    expect(bob.cpu_usage.effective_start).toBe(bob.subscription.effective_start_date);
    expect(bob.data_usage).toEqual({
      id: "",
      user_id: bob.subscription.users.id,
      username: "bob",
      total: 0,
      time: ZERO_TIME,
      last_modified: ZERO_TIME,
    });
    setUsage("bob", "cpu.hours", 200);
    expect((await summaryOf("bob")).cpu_usage.total).toBe("2E+2");
  });

  it("answers null for a data usage that is no whole number of bytes", async () => {
    setUsage("bob", "data.size", 1.5);
    expect(await summaryOf("bob")).toBeNull();
  });

  it("answers 200 with every field null when the subscriptions service answers nothing it can decode", async () => {
    const empty = { cpu_usage: null, data_usage: null, subscription: null, errors: null };
    platform().subscriptionAddons.faults.set({ mode: "html-500" });
    expect(await summaryOf("alice")).toEqual(empty);
    platform().subscriptionAddons.faults.clear();
    await platform().subscriptionAddons.stop();
    try {
      expect(await summaryOf("alice")).toEqual(empty);
    } finally {
      await platform().subscriptionAddons.start();
    }
  });

  it("drops the connection when the subscriptions service answers JSON without a subscription (a nil dereference)", async () => {
    platform().subscriptionAddons.faults.set({ mode: "json-500" });
    await expect(fetch(`${platform().resourceUsage.url}/summary/alice`)).rejects.toThrow();
  });
});
