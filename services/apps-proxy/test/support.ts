import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

export const startAppsProxy = (overrides: Record<string, string> = {}) =>
  startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "500", MAIL_TIMEOUT_MS: "2000", ...overrides });

/** `send("alice", "GET", "/apps")` through the service started for this file. */
export const sender =
  (service: () => ServiceUnderTest): ServiceUnderTest["send"] =>
  (...request) =>
    service().send(...request);

export const enc = encodeURIComponent;

/** The platform's communities folder in the simulated Grouper, and its own account there (the groups service's). */
const COMMUNITIES = "iplant:de:dev:communities";
const GROUPER_ACCOUNT = "de_grouper";

/**
 * A community administered by `admin`, made in the simulated Grouper by the calls the groups service makes for
 * `POST /communities` (its folder, the group, the creator's `admin` and everyone's `read` and `optin`); its full name.
 */
export async function makeCommunity(service: ServiceUnderTest, name: string, admin: string): Promise<string> {
  const grouper = (path: string, body: unknown) =>
    fetch(`${service.platform.groups.url}${path}${path.includes("?") ? "&" : "?"}user=${GROUPER_ACCOUNT}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const fullName = `${COMMUNITIES}:${name}`;
  await grouper("/folders", { name: COMMUNITIES, description: "" });
  const made = await grouper("/groups", { name: fullName, type: "group", description: "" });
  const updates = [
    { subject_id: admin, privileges: ["admin"] },
    { subject_id: "GrouperAll", privileges: ["read", "optin"] },
  ];
  const granted = await grouper(`/groups/${enc(fullName)}/privileges?replace=true`, { updates });
  if (!made.ok || !granted.ok) throw new Error(`community ${name} not made: ${made.status}, ${granted.status}`);
  return fullName;
}
