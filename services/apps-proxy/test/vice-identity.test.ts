import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sender, startAppsProxy } from "./support.js";
import { launchInteractiveApp } from "./vice-launch.js";
import { requestFor, userFor, viceRows } from "./vice-rows.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
const send = sender(() => service);

/** Who the caller pretends to be, in every place a caller could name a user. */
const IMPOSTOR = "mallory";
const backends = () => [
  service.platform.appExposer,
  service.platform.permissions,
  service.platform.requests,
  service.platform.analyses,
];

it("never lets the caller choose the user app-exposer, requests, permissions or analyses receive", async () => {
  const { id } = await launchInteractiveApp(service, "alice");
  const requestId = (await send("alice", "POST", "/requests/vice", { intended_use: "x", concurrent_jobs: 1 })).json()
    .id;
  let checked = 0;
  for (const row of viceRows()) {
    for (const simulator of backends()) simulator.recorder.clear();
    const { url, body } = requestFor(row, { "analysis-id": id, "request-id": requestId });
    const pretending = `${url}${url.includes("?") ? "&" : "?"}user=${IMPOSTOR}&username=${IMPOSTOR}`;
    const forged =
      body === undefined
        ? undefined
        : { ...(body as object), added_by: IMPOSTOR, requesting_user: IMPOSTOR, name: IMPOSTOR, email: IMPOSTOR };
    const caller = userFor(row);
    await send(caller, row.method as "GET", pretending, forged, { "x-user": IMPOSTOR });
    const received = backends().flatMap((simulator) => simulator.recorder.requests);
    checked += received.length;
    for (const request of received) {
      // `username` names the caller only where a new default mapping is added; elsewhere it is a filter, or ignored.
      const { username, ...query } = request.query;
      const naming = request.method === "PUT" && request.path === "/instantlaunches/mappings/defaults/latest";
      const identifying = naming ? { username } : {};
      // A passthrough hands the body on as it is (no backend reads the caller from these bodies); the bodies the
      // gateway builds must carry the caller, not the impostor.
      const body = row.handling === "custom" ? request.body : undefined;
      const seen = JSON.stringify([request.path, query, identifying, body]);
      expect([row.method, row.path, seen.includes(IMPOSTOR)]).toEqual([row.method, row.path, false]);
      const user = request.query.user;
      if (user !== undefined) expect([`${caller}`, `${caller}@iplantcollaborative.org`]).toContain(user);
    }
  }
  expect(checked).toBeGreaterThan(50);
});
