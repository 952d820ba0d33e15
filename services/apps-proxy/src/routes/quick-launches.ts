import {
  type PassthroughFamily,
  type PassthroughRow,
  registerPassthroughs,
  streamRequestBodies,
} from "@de-gateway/backend-clients";
import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { PATH_PARAMETERS } from "./path-parameters.js";
import { quickLaunchChecks } from "./quick-launch-checks.js";

const FAVORITE = "/quicklaunches/favorites/{fave-id}";
const USER_DEFAULT = "/quicklaunches/defaults/user/{user-default-id}";
const GLOBAL_DEFAULT = "/quicklaunches/defaults/global/{global-default-id}";

/**
 * The analyses service answers every row, with the caller as `?user=<name>@<domain>` (the role's identity). Its
 * favorites and defaults live under `/quicklaunch/...` (singular), its quick launches under `/quicklaunches/...`.
 */
const toAnalyses = (row: Omit<PassthroughRow, "backend">): PassthroughRow => ({
  ...row,
  backend: "analyses",
  ...(/^\/quicklaunches\/(favorites|defaults)/.test(row.path)
    ? { backendPath: row.path.replace(/^\/quicklaunches\//, "/quicklaunch/") }
    : {}),
});

const ROWS: ReadonlyArray<Omit<PassthroughRow, "backend">> = [
  { method: "GET", path: "/quicklaunches", summary: "The caller's and the public quick launches" },
  { method: "POST", path: "/quicklaunches", summary: "Save a quick launch" },
  { method: "GET", path: "/quicklaunches/apps/{app-id}", summary: "The quick launches of an app" },
  { method: "GET", path: "/quicklaunches/{ql-id}", summary: "A quick launch" },
  { method: "DELETE", path: "/quicklaunches/{ql-id}", summary: "Delete a quick launch (done if already gone)" },
  { method: "GET", path: "/quicklaunches/{ql-id}/app-info", summary: "The launch form filled from a quick launch" },
  { method: "GET", path: "/quicklaunches/favorites", summary: "The caller's favorite quick launches" },
  { method: "GET", path: FAVORITE, summary: "One of the caller's favorite marks" },
  { method: "DELETE", path: FAVORITE, summary: "Remove a favorite mark (not the quick launch)" },
  { method: "GET", path: "/quicklaunches/defaults/user", summary: "The caller's default quick launches" },
  { method: "GET", path: USER_DEFAULT, summary: "One of the caller's defaults" },
  { method: "DELETE", path: USER_DEFAULT, summary: "Remove one of the caller's defaults" },
  {
    method: "GET",
    path: "/quicklaunches/defaults/global",
    summary: "The global defaults set from the caller's quick launches",
  },
  { method: "GET", path: GLOBAL_DEFAULT, summary: "A global default set from one of the caller's quick launches" },
  { method: "DELETE", path: GLOBAL_DEFAULT, summary: "Remove a global default of the caller's" },
];

/**
 * Quick launches: saved parameter values for launching an app, the caller's favorite ones, and the ones an app's
 * launch form starts from (the caller's own choice, or the one its creator set for everyone). The static
 * `favorites` and `defaults` segments win over `{ql-id}`, as in the reference.
 */
export const quickLaunches: PassthroughFamily = { tag: "quick-launches", rows: ROWS.map(toAnalyses) };

/**
 * The quick-launch rows: the passthroughs in a context of their own where bodies stream to the analyses service
 * unparsed, and the writes the gateway checks first (`quick-launch-checks.ts`). The service compares `{app-id}` with
 * a UUID column, so anything else is refused here with 400, as the reference's route refuses it; elsewhere an app id
 * need not be a UUID (other systems' apps).
 */
export const quickLaunchRoutes: FastifyPluginAsync<{ userDomain: string }> = async (app, { userDomain }) => {
  await app.register(async (passthroughs) => {
    streamRequestBodies(passthroughs);
    registerPassthroughs(passthroughs, [quickLaunches], {
      parameters: {
        ...PATH_PARAMETERS,
        "app-id": { name: "appId", schema: Type.String({ format: "uuid", description: "the app's identifier" }) },
      },
      defaultBackend: "analyses",
    });
  });
  await app.register(quickLaunchChecks, { userDomain });
};
