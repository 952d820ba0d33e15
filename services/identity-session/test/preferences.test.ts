import {
  qualifiedUsername as qualified,
  type ServiceUnderTest,
  startServiceUnderTest,
} from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, {
    BACKEND_TIMEOUT_MS: "300",
    DEFAULT_OUTPUT_FOLDER: "analyses-out",
  });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const systemDefault = { id: "/iplant/home/alice/analyses-out", path: "/iplant/home/alice/analyses-out" };
const results = { id: "/iplant/home/alice/results", path: "/iplant/home/alice/results" };
const stored = () => service.platform.preferences.state.preferences;
/** What user-info keeps for a user: the gateway sends the preferences under their own key (user-documents.ts). */
const kept = (username: string) => (stored().get(qualified(username)) as { preferences?: unknown }).preferences;

async function request(method: "GET" | "POST" | "DELETE", payload?: unknown, username = "alice") {
  return service.app.inject({
    method,
    url: "/secured/preferences",
    headers: await service.as(username),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe("/secured/preferences", () => {
  it("needs a token", async () => {
    expect((await service.app.inject({ method: "GET", url: "/secured/preferences" })).statusCode).toBe(401);
  });

  it("GET with nothing stored gives the default output entries, computed from the home and folder name", async () => {
    const response = await request("GET");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ defaultOutputFolder: systemDefault, systemDefaultOutputDir: systemDefault });
  });

  it("POST stores the set with both output entries and answers {preferences}; GET gives it back bare", async () => {
    const submitted = { saveSession: true, dataKBShortcut: "D", defaultOutputFolder: results };
    const saved = await request("POST", submitted);
    expect(saved.statusCode).toBe(200);
    const expected = { ...submitted, systemDefaultOutputDir: systemDefault };
    // The answer is in the reference's form: the output folders named as the bootstrap result names them.
    expect(saved.json()).toEqual({
      preferences: {
        saveSession: true,
        dataKBShortcut: "D",
        default_output_folder: results,
        system_default_output_dir: systemDefault,
      },
    });
    expect(kept("alice")).toEqual(expected);
    expect((await request("GET")).json()).toEqual(expected);
    expect(service.platform.preferences.recorder.to("PUT", /^\/preferences\//).map((call) => call.path)).toEqual([
      `/preferences/${encodeURIComponent(qualified("alice"))}`,
    ]);
  });

  it("POST replaces the whole set: keys not sent disappear, the output entries remain", async () => {
    await request("POST", { saveSession: true, rememberLastPath: true, defaultOutputFolder: results });
    const replaced = await request("POST", { enableEmailNotification: false });
    expect(replaced.json().preferences).toEqual({
      enableEmailNotification: false,
      default_output_folder: systemDefault,
      system_default_output_dir: systemDefault,
    });
    expect((await request("GET")).json()).toEqual({
      enableEmailNotification: false,
      defaultOutputFolder: systemDefault,
      systemDefaultOutputDir: systemDefault,
    });
  });

  it("accepts the default output folder as a path or under its other names, and stores it as {id, path}", async () => {
    for (const submitted of [
      { defaultOutputFolder: results.path },
      { defaultOutputDir: results.path },
      { default_output_folder: results },
    ]) {
      const response = await request("POST", submitted);
      expect(response.json().preferences).toEqual({
        default_output_folder: results,
        system_default_output_dir: systemDefault,
      });
    }
  });

  it("takes, of different folders under different names, the one that differs from what is stored: the change", async () => {
    const other = { id: "/iplant/home/alice/other", path: "/iplant/home/alice/other" };
    await request("POST", { defaultOutputFolder: results });
    // A client holding a stored copy sends the new choice under the bootstrap's name (the web client's name).
    const sonoraLike = await request("POST", { defaultOutputFolder: results, default_output_folder: other });
    expect(sonoraLike.json().preferences.default_output_folder).toEqual(other);
    // A client editing the stored name while carrying the bootstrap's copy along.
    const camelChange = await request("POST", { default_output_folder: other, defaultOutputFolder: results });
    expect(camelChange.json().preferences.default_output_folder).toEqual(results);
    expect(kept("alice")).toMatchObject({ defaultOutputFolder: results });
    expect(
      service.platform.preferences.recorder.to("GET", `/preferences/${encodeURIComponent(qualified("alice"))}`),
    ).toHaveLength(2);
    const agreeing = await request("POST", { defaultOutputFolder: other, default_output_folder: other.path });
    expect(agreeing.json().preferences.default_output_folder).toEqual(other);
    expect(
      service.platform.preferences.recorder.to("GET", `/preferences/${encodeURIComponent(qualified("alice"))}`),
    ).toHaveLength(2);
  });

  it("with nothing stored, takes of different folders the first by name: defaultOutputFolder, defaultOutputDir, then default_output_folder", async () => {
    const other = { id: "/iplant/home/alice/other", path: "/iplant/home/alice/other" };
    const first = await request("POST", { default_output_folder: other, defaultOutputDir: results.path });
    expect(first.json().preferences.default_output_folder).toEqual(results);
  });

  it("keeps a chosen folder's extra fields and uses its path as id when the id is missing", async () => {
    const response = await request("POST", { defaultOutputFolder: { path: results.path, label: "results" } });
    expect(response.json().preferences.default_output_folder).toEqual({ ...results, label: "results" });
  });

  it("treats a blank default output folder as none chosen", async () => {
    for (const blank of ["", null, { id: "", path: "" }, { id: "x" }]) {
      const response = await request("POST", { defaultOutputFolder: blank });
      expect(response.json().preferences.default_output_folder).toEqual(systemDefault);
    }
  });

  it("always computes the system default output folder itself", async () => {
    const response = await request("POST", { systemDefaultOutputDir: { id: "/elsewhere", path: "/elsewhere" } });
    expect(response.json().preferences.system_default_output_dir).toEqual(systemDefault);
  });

  it.each([
    ["a number", 42],
    ["a relative path", "results"],
    ["an object with a relative path", { id: "x", path: "x" }],
    ["an object whose path is not text", { path: 7 }],
    ["a list", ["/iplant/home/alice/results"]],
  ])(
    "rejects a default output folder that is %s with 400, under any of its names, storing nothing",
    async (_case, value) => {
      const response = await request("POST", { saveSession: true, defaultOutputFolder: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD", reason: expect.any(String) });
      const beside = await request("POST", { defaultOutputFolder: results, default_output_folder: value });
      expect(beside.statusCode).toBe(400);
      expect(stored().size).toBe(0);
    },
  );

  it.each([
    [
      "default_output_folder",
      { id: "x", path: "/iplant/home/alice/../bob/pwned-by-alice" },
      "default_output_folder.path",
    ],
    ["defaultOutputFolder", "/iplant/home//bob/x", "defaultOutputFolder"],
    ["defaultOutputDir", { path: "/iplant/home/alice/./x" }, "defaultOutputDir.path"],
  ])(
    "refuses a %s whose path is not a clean absolute data path, as every data path is refused",
    async (key, value, field) => {
      const response = await request("POST", { [key]: value });
      const path = typeof value === "string" ? value : value.path;
      expect([response.statusCode, response.json()]).toEqual([
        400,
        {
          error_code: "ERR_BAD_OR_MISSING_FIELD",
          reason: `${field} must be an absolute path without empty, . or .. segments`,
          [field]: path,
        },
      ]);
      expect(stored().size).toBe(0);
    },
  );

  it.each([
    ["malformed JSON", "{saveSession: true"],
    ["a JSON list", "[1, 2]"],
    ["a JSON string", '"dark"'],
  ])("rejects %s with 400, storing nothing", async (_case, payload) => {
    const response = await service.app.inject({
      method: "POST",
      url: "/secured/preferences",
      headers: { ...(await service.as("alice")), "content-type": "application/json" },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(stored().size).toBe(0);
  });

  it("DELETE resets to the defaults and is silent when nothing is stored", async () => {
    await request("POST", { saveSession: true, defaultOutputFolder: results });
    const deleted = await request("DELETE");
    expect(deleted.statusCode).toBe(200);
    expect(stored().has(qualified("alice"))).toBe(false);
    expect((await request("GET")).json()).toEqual({
      defaultOutputFolder: systemDefault,
      systemDefaultOutputDir: systemDefault,
    });
    expect((await request("DELETE")).statusCode).toBe(200);
  });

  it("keeps each user's preferences apart", async () => {
    await request("POST", { saveSession: true });
    const bobs = (await request("GET", undefined, "bob")).json();
    const bobsDefault = { id: "/iplant/home/bob/analyses-out", path: "/iplant/home/bob/analyses-out" };
    expect(bobs).toEqual({ defaultOutputFolder: bobsDefault, systemDefaultOutputDir: bobsDefault });
  });

  it("answers 502 when the preferences backend is down and 504 when it hangs", async () => {
    await service.platform.preferences.stop();
    try {
      expect((await request("GET")).statusCode).toBe(502);
      expect((await request("POST", { saveSession: true })).statusCode).toBe(502);
    } finally {
      await service.platform.preferences.start();
    }
    service.platform.preferences.faults.set({ mode: "hang" });
    expect((await request("GET")).json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });
});
