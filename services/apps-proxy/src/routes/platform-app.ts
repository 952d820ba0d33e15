import { type PassthroughRow, PLATFORM_SYSTEM_ID } from "@de-gateway/backend-clients";

const APP = "/apps/{app-id}";

/**
 * A seed row that names an app by its id alone, sent to the same path with the app under the platform's system:
 * `/apps/{app-id}/details` to `/apps/de/{app-id}/details`, `/admin/apps/{app-id}` to `/admin/apps/de/{app-id}`. The
 * seed's apps are the DE system's, and the apps backend serves an app only under its system (cyverse-de/apps
 * routes/apps.clj), as terrain calls it.
 */
export function onPlatformSystem(row: PassthroughRow): PassthroughRow {
  if (!row.path.includes(APP)) throw new Error(`${row.method} ${row.path} names no app by its id`);
  return { ...row, backendPath: row.path.replace(APP, `/apps/${PLATFORM_SYSTEM_ID}/{app-id}`) };
}
