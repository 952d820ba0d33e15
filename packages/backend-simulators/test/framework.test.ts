import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createIdentityProvider } from "../src/idp/index.js";
import { DEV_AUDIENCE, DEV_ISSUER, demoUser, qualifiedUsername, rotateKeys, SimulatedPlatform } from "../src/index.js";

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

const url = (base: string, path: string) => `${base}${path}`;
const ALICE = qualifiedUsername("alice");

describe("simulator controls", () => {
  it("injects faults over HTTP: JSON 500, HTML 500 and delays, only where they match", async () => {
    const prefs = platform.preferences.url;
    await fetch(url(prefs, "/__sim/fault"), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "html-500", path: "^/sessions/" }),
    });
    const failing = await fetch(url(prefs, `/sessions/${ALICE}`));
    expect(failing.status).toBe(500);
    expect(failing.headers.get("content-type")).toMatch(/text\/html/);
    expect((await fetch(url(prefs, `/preferences/${ALICE}`))).status).toBe(200);

    platform.preferences.faults.set({ mode: "json-500" });
    expect(await (await fetch(url(prefs, `/searches/${ALICE}`))).json()).toMatchObject({ error_code: "ERR_SIMULATED" });

    platform.preferences.faults.set({ mode: "delay", delayMs: 150 });
    const started = Date.now();
    await fetch(url(prefs, `/searches/${ALICE}`));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    await fetch(url(prefs, "/__sim/fault"), { method: "DELETE" });
    expect((await fetch(url(prefs, `/searches/${ALICE}`))).status).toBe(200);
  });

  it("answers for the preferences backend as user-info does: text/plain JSON, {} for nothing, saves wrapped", async () => {
    const prefs = platform.preferences.url;
    const none = await fetch(url(prefs, `/sessions/${ALICE}`));
    expect(none.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await none.text()).toBe("{}");
    for (const [kind, key] of [
      ["sessions", "session"],
      ["preferences", "preferences"],
      ["searches", "saved_searches"],
    ]) {
      const saved = await fetch(url(prefs, `/${kind}/${ALICE}`), {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ theme: "dark" }),
      });
      expect(saved.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(JSON.parse(await saved.text())).toEqual({ [key as string]: { theme: "dark" } });
      expect(JSON.parse(await (await fetch(url(prefs, `/${kind}/${ALICE}`))).text())).toEqual({ theme: "dark" });
    }
  });

  it("lists the requests a fault held, hung ones included, until reset", async () => {
    platform.preferences.faults.set({ mode: "hang", method: "POST" });
    const hung = fetch(url(platform.preferences.url, `/sessions/${ALICE}`), {
      method: "POST",
      headers: { "x-request-id": "held-1", "content-type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow();
    // The held save stored nothing.
    expect(await (await fetch(url(platform.preferences.url, `/sessions/${ALICE}`))).json()).toEqual({});
    platform.preferences.faults.clear();
    const faulted = await (await fetch(url(platform.preferences.url, "/__sim/faulted"))).json();
    expect(faulted).toEqual([{ mode: "hang", method: "POST", path: `/sessions/${ALICE}`, requestId: "held-1" }]);
    expect(platform.preferences.recorder.to("POST", `/sessions/${ALICE}`)).toEqual([]);
    platform.preferences.reset();
    expect(platform.preferences.faults.applied).toEqual([]);
  });

  it("records what it received, except its own control calls", async () => {
    await fetch(url(platform.preferences.url, "/sessions/bob?user=bob&x=1&x=2"), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    const recorded = (await (await fetch(url(platform.preferences.url, "/__sim/requests"))).json()) as unknown[];
    expect(recorded).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/sessions/bob",
        query: { user: "bob", x: ["1", "2"] },
        body: { a: 1 },
      }),
    ]);
  });

  it("refuses connections while stopped and keeps state and port across a restart", async () => {
    const before = platform.preferences.url;
    platform.preferences.state.sessions.set(ALICE, { kept: true });
    await platform.preferences.stop();
    await expect(fetch(url(before, `/sessions/${ALICE}`))).rejects.toThrow();
    await platform.preferences.start();
    expect(platform.preferences.url).toBe(before);
    expect(await (await fetch(url(before, `/sessions/${ALICE}`))).json()).toEqual({ kept: true });
  });
});

describe("preferences backend", () => {
  it("stores, returns and deletes per-user documents", async () => {
    const doc = url(platform.preferences.url, `/preferences/${ALICE}`);
    expect(await (await fetch(doc)).json()).toEqual({});
    const put = await fetch(doc, { method: "PUT", headers: { "content-type": "application/json" }, body: '{"a":[1]}' });
    expect(await put.json()).toEqual({ preferences: { a: [1] } });
    expect(await (await fetch(doc)).json()).toEqual({ a: [1] });
    expect((await fetch(doc, { method: "DELETE" })).status).toBe(200);
    expect((await fetch(doc, { method: "DELETE" })).status).toBe(200);
    expect(await (await fetch(doc)).json()).toEqual({});
  });

  it("refuses names it does not know, as user-info does: a short name is not the qualified one", async () => {
    const prefs = platform.preferences.url;
    const send = (path: string, method: string) =>
      fetch(
        url(prefs, path),
        method === "PUT" ? { method, headers: { "content-type": "application/json" }, body: "{}" } : { method },
      );
    for (const method of ["GET", "PUT", "DELETE"]) {
      const refused = await send("/preferences/alice", method);
      expect([refused.status, await refused.json()]).toEqual([404, { user: "alice" }]);
      const session = await send("/sessions/alice", method);
      expect([session.status, await session.text()]).toEqual([400, "User alice does not exist\n"]);
    }
    expect((await send("/searches/alice", "GET")).status).toBe(404);
    expect((await send("/searches/alice", "DELETE")).status).toBe(200);
    expect((await send("/preferences/alice@example.org", "GET")).status).toBe(404);
    expect(platform.preferences.state.preferences.size + platform.preferences.state.sessions.size).toBe(0);
  });
});

describe("development identity provider", () => {
  it("mints tokens for demo users over HTTP and publishes the key that verifies them", async () => {
    const minted = (await (await fetch(url(platform.idp.url, "/token/carol"))).json()) as { access_token: string };
    const [, payload] = minted.access_token.split(".");
    expect(JSON.parse(Buffer.from(payload ?? "", "base64url").toString())).toMatchObject({
      preferred_username: "carol",
      groups: expect.arrayContaining(["de-admins"]),
    });
    const jwks = (await (await fetch(url(platform.idp.url, "/.well-known/jwks.json"))).json()) as { keys: unknown[] };
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kty: "RSA", kid: expect.stringMatching(/^dev-1-/), alg: "RS256" }),
    ]);
    expect((await fetch(url(platform.idp.url, "/token/mallory"))).status).toBe(404);
  });
});

describe("identity provider key ids", () => {
  it("never names a new key as an earlier start named its own, so relying parties that keep keys by id fetch it", async () => {
    const first = await createIdentityProvider().start();
    const second = await createIdentityProvider().start();
    try {
      const kidOf = async (idp: typeof first) => (await idp.state.keys).jwk.kid;
      expect(await kidOf(first)).toMatch(/^dev-1-/);
      expect(await kidOf(second)).not.toBe(await kidOf(first));
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});

describe("identity provider key rotation", () => {
  it("signs with a new key after a rotation and keeps publishing the old one", async () => {
    const idp = await createIdentityProvider().start();
    try {
      const alice = demoUser("alice");
      if (!alice) throw new Error("no demo user alice");
      const before = await (await idp.state.keys).mint(alice);
      const rotation = await fetch(url(idp.url, "/__sim/rotate-keys"), { method: "POST" });
      const { kid } = (await rotation.json()) as { kid: string };
      expect(kid).toMatch(/^dev-2-/);
      const after = await (await idp.state.keys).mint(alice);
      expect(decodeProtectedHeader(after).kid).toBe(kid);
      expect(decodeProtectedHeader(before).kid).toMatch(/^dev-1-/);

      const jwks = (await (await fetch(url(idp.url, "/.well-known/jwks.json"))).json()) as JSONWebKeySet;
      expect(jwks.keys.map((key) => key.kid)).toEqual([kid, decodeProtectedHeader(before).kid]);
      const keySet = createLocalJWKSet(jwks);
      const verified = { issuer: DEV_ISSUER, audience: DEV_AUDIENCE };
      expect((await jwtVerify(after, keySet, verified)).payload.sub).toBe("alice");
      expect((await jwtVerify(before, keySet, verified)).payload.sub).toBe("alice");
      expect(await rotateKeys(idp)).toMatch(/^dev-3-/);
    } finally {
      await idp.stop();
    }
  });
});
