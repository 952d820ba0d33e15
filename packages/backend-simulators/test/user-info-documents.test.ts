import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPreferencesSimulator } from "../src/preferences/index.js";

const sim = createPreferencesSimulator({ port: 0, logLevel: "silent" });
beforeAll(() => sim.start());
afterAll(() => sim.stop());
beforeEach(() => sim.reset());

const ALICE = "alice%40iplantcollaborative.org";
const send = (method: "GET" | "PUT", path: string, body?: string) =>
  fetch(`${sim.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body }),
  });
const read = async (path: string) => JSON.parse(await (await send("GET", path)).text());

describe("user-info's preferences and sessions (convertPrefs, convertSessions)", () => {
  it("refuse a document that is not a JSON object with 500 and Go's words, storing nothing", async () => {
    const session = await send("PUT", `/sessions/${ALICE}`, "[1, 2]");
    expect(session.status).toBe(500);
    expect(await session.text()).toBe(
      "error parsing request body: json: cannot unmarshal array into Go value of type map[string]interface {}\n",
    );
    const preferences = await send("PUT", `/preferences/${ALICE}`, '"dark"');
    expect(preferences.status).toBe(500);
    expect(await preferences.text()).toMatch(/^Error parsing request body: json: cannot unmarshal string into/);
    expect(sim.state.sessions.size + sim.state.preferences.size).toBe(0);
  });

  it("answer a save wrapped under the kind's key unless it already is, and a read unwrapped", async () => {
    const bare = await send("PUT", `/sessions/${ALICE}`, '{"theme":"dark"}');
    expect(JSON.parse(await bare.text())).toEqual({ session: { theme: "dark" } });
    expect(await read(`/sessions/${ALICE}`)).toEqual({ theme: "dark" });

    const wrapped = await send("PUT", `/preferences/${ALICE}`, '{"preferences":{"a":1},"b":2}');
    expect(JSON.parse(await wrapped.text())).toEqual({ preferences: { a: 1 }, b: 2 });
    expect(await read(`/preferences/${ALICE}`)).toEqual({ a: 1 });

    // null is a JSON object to Go's decoder: kept, and read back as null.
    expect(JSON.parse(await (await send("PUT", `/sessions/${ALICE}`, "null")).text())).toEqual({ session: null });
    expect(await read(`/sessions/${ALICE}`)).toBeNull();
  });

  it("drop the connection on a read of a document whose own key holds no object (Go's type assertion panics)", async () => {
    expect((await send("PUT", `/sessions/${ALICE}`, '{"session":5}')).status).toBe(200);
    await expect(send("GET", `/sessions/${ALICE}`)).rejects.toThrow();
  });
});

describe("user-info's saved searches", () => {
  it("are read back through Go's formatter: %% is a percent sign, other verbs are missing arguments", async () => {
    expect((await send("PUT", `/searches/${ALICE}`, '{"q":"50% of 100%%"}')).status).toBe(200);
    expect(await (await send("GET", `/searches/${ALICE}`)).text()).toBe('{"q":"50%!o(MISSING)f 100%"}');
  });

  it("refuse a body that is not JSON with 400", async () => {
    const refused = await send("PUT", `/searches/${ALICE}`, "{");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/^Error parsing body: /);
  });
});
