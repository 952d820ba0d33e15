import {
  qualifiedUsername as qualified,
  type ServiceUnderTest,
  startServiceUnderTest,
} from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

const TIMEOUT_MS = 300;
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const IP = "203.0.113.7";

async function bootstrap(username = "alice", query = `ip-address=${IP}`) {
  return service.app.inject({
    method: "GET",
    url: `/secured/bootstrap?${query}`,
    headers: { ...(await service.as(username)), "user-agent": "test-browser/1.0" },
  });
}

const aliceAnalyses = { id: "/iplant/home/alice/analyses", path: "/iplant/home/alice/analyses" };
const healthy = {
  user_info: {
    username: "alice",
    full_username: "alice@iplantcollaborative.org",
    email: "alice@example.org",
    first_name: "Alice",
    last_name: "Liddell",
  },
  session: { login_time: expect.any(Number), auth_redirect: {} },
  workspace: { workspace_id: expect.stringMatching(/^[0-9a-f-]{36}$/), new_workspace: expect.any(Boolean) },
  apps_info: { webhooks: [] },
  data_info: {
    user_home_path: "/iplant/home/alice",
    user_trash_path: "/iplant/trash/home/alice",
    base_trash_path: "/iplant/trash/home",
  },
  preferences: { default_output_folder: aliceAnalyses, system_default_output_dir: aliceAnalyses },
};

describe("GET /secured/bootstrap", () => {
  it("needs a token", async () => {
    const response = await service.app.inject({ method: "GET", url: `/secured/bootstrap?ip-address=${IP}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  });

  it("assembles user_info, session, workspace, data_info and preferences", async () => {
    const response = await bootstrap();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(healthy);
  });

  it("records the login with the caller's IP address, as the verified user, and nothing the backend would refuse", async () => {
    const before = Date.now();
    const body = (
      await service.app.inject({
        method: "GET",
        url: `/secured/bootstrap?ip-address=${IP}&user=bob`,
        headers: { ...(await service.as("alice")), "user-agent": "test-browser/1.0" },
      })
    ).json();
    const [call] = service.platform.apps.recorder.to("POST", "/users/login");
    // The backend's schema takes no user agent: a browser's would make it refuse the login.
    expect(call?.query).toEqual({
      "ip-address": IP,
      user: "alice",
      email: "alice@example.org",
      "first-name": "Alice",
      "last-name": "Liddell",
    });
    expect(service.platform.apps.state.login.logins).toEqual([
      {
        username: "alice",
        ip_address: IP,
        login_time: body.session.login_time,
      },
    ]);
    expect(body.session.login_time).toBeGreaterThanOrEqual(before);
    expect(service.platform.fileInfo.recorder.to("GET", "/navigation/base-paths")[0]?.query).toEqual({ user: "alice" });
    expect(service.platform.preferences.recorder.to("GET", /^\/preferences\//).map((c) => c.path)).toEqual([
      `/preferences/${encodeURIComponent(qualified("alice"))}`,
    ]);
  });

  it("creates the workspace on the first login only: new_workspace true, then false, same id", async () => {
    const first = (await bootstrap("bob")).json().workspace;
    const second = (await bootstrap("bob")).json().workspace;
    expect(first).toEqual({ workspace_id: expect.any(String), new_workspace: true });
    expect(second).toEqual({ workspace_id: first.workspace_id, new_workspace: false });
    expect((await bootstrap("carol")).json().workspace.new_workspace).toBe(true);
  });

  it("records every login with its own login time", async () => {
    const first = (await bootstrap()).json().session.login_time;
    const second = (await bootstrap()).json().session.login_time;
    expect(second).toBeGreaterThan(first);
    expect(service.platform.apps.state.login.logins.map((login) => login.login_time)).toEqual([first, second]);
  });

  it("shows stored preferences with the output folders under their bootstrap names", async () => {
    const chosen = { id: "/iplant/home/alice/results", path: "/iplant/home/alice/results" };
    service.platform.preferences.state.preferences.set(qualified("alice"), {
      rememberLastPath: true,
      defaultOutputFolder: chosen,
    });
    expect((await bootstrap()).json().preferences).toEqual({
      rememberLastPath: true,
      default_output_folder: chosen,
      system_default_output_dir: aliceAnalyses,
    });
  });

  it.each([
    ["empty", "ip-address="],
    ["not an IP address", "ip-address=somewhere"],
  ])("answers 400 without calling any backend when ip-address is %s", async (_case, query) => {
    const response = await bootstrap("alice", query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringMatching(/ip-address/),
    });
    expect(service.platform.apps.recorder.requests).toEqual([]);
    expect(service.platform.fileInfo.recorder.requests).toEqual([]);
    expect(service.platform.preferences.recorder.requests).toEqual([]);
  });

  it("carries the caller's webhooks in apps_info, where the web client's preferences page reads them", async () => {
    const hook = { url: "https://hooks.slack.com/services/T0/B0/x", type: { type: "Slack" }, topics: ["data"] };
    const saved = await fetch(`${service.platform.apps.url}/webhooks?user=alice`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ webhooks: [hook] }),
    });
    expect(saved.status).toBe(200);
    expect((await bootstrap()).json().apps_info).toEqual({
      webhooks: [{ ...hook, id: expect.any(String), type: expect.objectContaining({ type: "Slack" }) }],
    });
    expect((await bootstrap("bob")).json().apps_info).toEqual({ webhooks: [] });
  });

  it("accepts an IPv6 address", async () => {
    expect((await bootstrap("alice", "ip-address=2001:db8::1")).statusCode).toBe(200);
  });
});

/** The web client's bootstrap: `GET /secured/bootstrap` with no parameters, through the front router. */
async function clientBootstrap(headers: Record<string, string> = {}, query = "") {
  return service.app.inject({
    method: "GET",
    url: `/secured/bootstrap${query}`,
    headers: { ...(await service.as("alice")), ...headers },
  });
}
const recordedAddresses = () => service.platform.apps.state.login.logins.map((login) => login.ip_address);

describe("GET /secured/bootstrap as the web client calls it (no ip-address)", () => {
  it("answers 200 and records the address the front router saw: the first X-Forwarded-For entry", async () => {
    const response = await clientBootstrap({ "x-forwarded-for": "198.51.100.9, 10.0.0.1" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(healthy);
    expect(recordedAddresses()).toEqual(["198.51.100.9"]);
  });

  it("records the connection's address when no router set X-Forwarded-For", async () => {
    expect((await clientBootstrap()).statusCode).toBe(200);
    expect(recordedAddresses()).toEqual(["127.0.0.1"]);
  });

  it("still uses an ip-address that is given, over the forwarded one", async () => {
    await clientBootstrap({ "x-forwarded-for": "198.51.100.9" }, `?ip-address=${IP}`);
    expect(recordedAddresses()).toEqual([IP]);
  });

  it("answers 400 when the forwarded address is not an IP address and none is given", async () => {
    const response = await clientBootstrap({ "x-forwarded-for": "unknown" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringMatching(/ip-address/),
    });
    expect(service.platform.apps.recorder.requests).toEqual([]);
  });
});

describe("GET /secured/bootstrap and the default output folder", () => {
  const folderExists = (path: string) => service.platform.fileInfo.state.dataStore.catalogue.at(path) !== undefined;
  const choose = (path: string) =>
    service.platform.preferences.state.preferences.set(qualified("alice"), { defaultOutputFolder: { id: path, path } });

  it("creates the chosen folder when it is missing, as the caller", async () => {
    const results = "/iplant/home/alice/results/today";
    choose(results);
    expect(folderExists(results)).toBe(false);
    const response = await bootstrap();
    expect(response.json().preferences.default_output_folder).toEqual({ id: results, path: results });
    expect(folderExists(results)).toBe(true);
    expect(service.platform.fileInfo.recorder.to("POST", "/data/directories")[0]?.query).toEqual({ user: "alice" });
  });

  it("creates the system default folder on a first bootstrap when it is missing", async () => {
    const analyses = service.platform.fileInfo.state.dataStore.catalogue.at(aliceAnalyses.path);
    if (!analyses) throw new Error("the seeded analyses folder is missing");
    service.platform.fileInfo.state.dataStore.remove(analyses);
    expect(folderExists(aliceAnalyses.path)).toBe(false);
    expect((await bootstrap()).json().preferences.default_output_folder).toEqual(aliceAnalyses);
    expect(folderExists(aliceAnalyses.path)).toBe(true);
  });

  it("falls back to the system default when the chosen folder cannot be made", async () => {
    choose("/iplant/home/bob/not-alices");
    const response = await bootstrap();
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences).toEqual({
      default_output_folder: aliceAnalyses,
      system_default_output_dir: aliceAnalyses,
    });
    expect(folderExists("/iplant/home/bob/not-alices")).toBe(false);
    // Stored, as the reference stores it: the next bootstrap (and the client's next save) agree.
    expect(service.platform.preferences.state.preferences.get(qualified("alice"))).toEqual({
      preferences: { defaultOutputFolder: aliceAnalyses, systemDefaultOutputDir: aliceAnalyses },
    });
  });

  it("still answers the fallback when it cannot be stored", async () => {
    choose("/iplant/home/bob/not-alices");
    service.platform.preferences.faults.set({ mode: "json-500", method: "PUT", path: "^/preferences/" });
    const response = await bootstrap();
    expect(response.json().preferences.default_output_folder).toEqual(aliceAnalyses);
    expect(service.platform.preferences.faults.applied).toHaveLength(1);
  });

  it("never hands the data backend a stored folder whose path climbs: the system default is used", async () => {
    const pwned = "/iplant/home/alice/../bob/pwned-by-alice";
    choose(pwned);
    const response = await bootstrap();
    expect(response.json().preferences.default_output_folder).toEqual(aliceAnalyses);
    const sent = service.platform.fileInfo.recorder.requests.map((call) => JSON.stringify(call.body ?? ""));
    expect(sent.filter((body) => body.includes("pwned-by-alice"))).toEqual([]);
    expect(folderExists("/iplant/home/bob/pwned-by-alice")).toBe(false);
  });

  it("leaves an existing folder alone", async () => {
    await bootstrap();
    expect(service.platform.fileInfo.recorder.to("POST", "/data/directories")).toEqual([]);
  });
});

type Section = "session" | "workspace" | "apps_info" | "data_info" | "preferences";
/** How the backend fails; `json-200` answers a JSON list and `garbled-200` JSON that does not parse, both with 200. */
type Mode = "json-500" | "html-500" | "refused" | "timeout" | "json-200" | "garbled-200";

/** Where each section comes from. The session and the workspace share the apps backend. */
const SOURCES = {
  session: { backend: "apps", path: "^/users/login$" },
  workspace: { backend: "apps", path: "^/workspaces$" },
  apps_info: { backend: "apps", path: "^/webhooks$" },
  data_info: { backend: "fileInfo", path: "^/navigation/base-paths$" },
  preferences: { backend: "preferences", path: "^/preferences/" },
} as const;

/** What a section holds when its backend fails that way. */
function failed(section: Section, mode: Mode): unknown {
  const backend = section === "data_info" ? "file-info" : section === "preferences" ? "preferences" : "apps";
  if (section === "session") {
    const message = {
      // A failing backend's own words stay in the log.
      "json-500": "the apps backend answered with status 500",
      "html-500": "the apps backend answered with status 500",
      refused: "the apps backend is unreachable",
      timeout: "the apps backend did not answer in time",
      "json-200": "the apps backend answered with something other than a JSON object",
      "garbled-200": "the apps backend answered malformed JSON",
    }[mode];
    return { error: message };
  }
  const badGateway = (reason: string) => ({ status: 502, error: { error_code: "ERR_BAD_GATEWAY", reason } });
  return {
    "json-500": { status: 500, error: { error_code: "ERR_SIMULATED", reason: "simulated backend failure" } },
    "html-500": { status: 500, error: expect.stringMatching(/^<html>.*500 Internal Server Error.*<\/html>$/) },
    refused: badGateway(`the ${backend} backend is unreachable`),
    "json-200": badGateway(`the ${backend} backend answered with something other than a JSON object`),
    "garbled-200": badGateway(
      section === "preferences"
        ? "the preferences backend answered with something that is not JSON"
        : `the ${backend} backend answered malformed JSON`,
    ),
    timeout: {
      status: 504,
      error: { error_code: "ERR_GATEWAY_TIMEOUT", reason: `the ${backend} backend did not answer in time` },
    },
  }[mode];
}

async function withFailure<T>(section: Section, mode: Mode, run: () => Promise<T>): Promise<T> {
  const { backend, path } = SOURCES[section];
  const simulator = service.platform[backend];
  if (mode === "refused") {
    await simulator.stop();
    try {
      return await run();
    } finally {
      await simulator.start();
    }
  }
  simulator.faults.set({ mode: mode === "timeout" ? "hang" : mode, path, body: [] });
  return run();
}

describe("GET /secured/bootstrap when a backend fails", () => {
  const sections: Section[] = ["session", "workspace", "apps_info", "data_info", "preferences"];
  const modes: Mode[] = ["json-500", "html-500", "refused", "timeout", "json-200", "garbled-200"];
  const cases = sections
    .flatMap((section) => modes.map((mode) => [section, mode] as const))
    // A stored preference document may be any JSON (a list is shown as the defaults).
    .filter(([section, mode]) => !(section === "preferences" && mode === "json-200"));

  it.each(cases)(
    "%s fails with %s: 200, that section describes the failure, the others are intact",
    async (section, mode) => {
      const response = await withFailure(section, mode, () => bootstrap());
      expect(response.statusCode).toBe(200);
      const body = response.json();
      // Stopping the apps backend takes the session and the workspace down together.
      const down = new Set<Section>(
        mode === "refused" && SOURCES[section].backend === "apps" ? ["session", "workspace", "apps_info"] : [section],
      );
      expect(body.user_info).toEqual(healthy.user_info);
      for (const name of sections) {
        expect(body[name], name).toEqual(down.has(name) ? failed(name, mode) : healthy[name]);
      }
    },
  );

  it("still answers when every backend is down", async () => {
    await Promise.all([
      service.platform.apps.stop(),
      service.platform.fileInfo.stop(),
      service.platform.preferences.stop(),
    ]);
    try {
      const response = await bootstrap();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user_info: healthy.user_info,
        session: failed("session", "refused"),
        workspace: failed("workspace", "refused"),
        apps_info: failed("apps_info", "refused"),
        data_info: failed("data_info", "refused"),
        preferences: failed("preferences", "refused"),
      });
    } finally {
      await Promise.all([
        service.platform.apps.start(),
        service.platform.fileInfo.start(),
        service.platform.preferences.start(),
      ]);
    }
  });

  it("passes on an error the data backend reports for the user", async () => {
    service.platform.fileInfo.state.navigation.users.delete("alice");
    expect((await bootstrap()).json().data_info).toEqual({
      status: 400,
      error: { error_code: "ERR_NOT_A_USER", reason: "no such user: alice", user: "alice" },
    });
  });
});
