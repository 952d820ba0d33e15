import { type PassthroughFamily, PLATFORM_SYSTEM_ID } from "@de-gateway/backend-clients";
import { onPlatformSystem } from "./platform-app.js";

/**
 * Apps: the catalogue, app definitions and their views, publication and sharing. The seed names an app by its id
 * alone; the apps backend serves apps only under their system (cyverse-de/apps routes/apps.clj), and the seed's apps
 * are the DE system's, so those rows go to `/apps/de/{app-id}…`, as terrain calls them. `/apps/share` and
 * `/apps/unshare` are the backend's `/apps/sharing` and `/apps/unsharing`.
 */
export const apps: PassthroughFamily = {
  tag: "apps",
  rows: [
    { method: "GET", path: "/apps/elements", summary: "All app elements (parameter types, file formats, tools…)" },
    { method: "GET", path: "/apps/elements/{element-type}", summary: "App elements of one kind" },
    { method: "GET", path: "/apps/ids", summary: "The identifiers of all apps" },
    { method: "GET", path: "/apps", summary: "Search the apps the caller can see (?search=)" },
    { method: "POST", path: "/apps", backendPath: `/apps/${PLATFORM_SYSTEM_ID}`, summary: "Create an app" },
    { method: "GET", path: "/admin/apps", summary: "Search all apps" },
    { method: "POST", path: "/admin/apps", summary: "Place apps in categories" },
    onPlatformSystem({ method: "GET", path: "/apps/{app-id}", summary: "An app's launch form" }),
    onPlatformSystem({ method: "PUT", path: "/apps/{app-id}", summary: "Replace an app's definition" }),
    onPlatformSystem({ method: "PATCH", path: "/apps/{app-id}", summary: "Change an app's labels" }),
    onPlatformSystem({ method: "DELETE", path: "/apps/{app-id}", summary: "Delete an app" }),
    onPlatformSystem({
      method: "PATCH",
      path: "/admin/apps/{app-id}",
      summary: "Change an app's labels (administrators)",
    }),
    onPlatformSystem({ method: "DELETE", path: "/admin/apps/{app-id}", summary: "Delete any app" }),
    { method: "POST", path: "/apps/shredder", summary: "Delete several apps" },
    { method: "POST", path: "/admin/apps/shredder", summary: "Delete several apps permanently" },
    onPlatformSystem({ method: "GET", path: "/apps/{app-id}/details", summary: "An app's details" }),
    onPlatformSystem({
      method: "GET",
      path: "/apps/{app-id}/tasks",
      summary: "An app's tasks with their inputs and outputs",
    }),
    onPlatformSystem({ method: "GET", path: "/apps/{app-id}/tools", summary: "The tools an app runs" }),
    onPlatformSystem({ method: "GET", path: "/apps/{app-id}/ui", summary: "An app as the app editor loads it" }),
    onPlatformSystem({
      method: "GET",
      path: "/apps/{app-id}/is-publishable",
      summary: "Whether an app can be published",
    }),
    onPlatformSystem({ method: "POST", path: "/apps/{app-id}/publish", summary: "Publish an app" }),
    onPlatformSystem({
      method: "POST",
      path: "/apps/{app-id}/copy",
      summary: "Copy an app into the caller's workspace",
    }),
    // Open to anyone, as the spec lists it; the apps backend wants a user, so a signed-in caller is passed on.
    {
      method: "POST",
      path: "/apps/arg-preview",
      backendPath: `/apps/${PLATFORM_SYSTEM_ID}/arg-preview`,
      auth: "optional",
      summary: "Preview the command-line arguments",
    },
    { method: "GET", path: "/export-workflow/{analysis-id}", auth: "none", summary: "Export an app's definition" },
    { method: "POST", path: "/apps/permission-lister", summary: "Who apps are shared with" },
    { method: "POST", path: "/apps/share", backendPath: "/apps/sharing", summary: "Share apps" },
    { method: "POST", path: "/apps/unshare", backendPath: "/apps/unsharing", summary: "Unshare apps" },
    // The web client's names for the seed's share and unshare; both names work.
    { method: "POST", path: "/apps/sharing", summary: "Share apps" },
    { method: "POST", path: "/apps/unsharing", summary: "Unshare apps" },
    { method: "POST", path: "/admin/apps/sharing", summary: "Share any apps" },
    { method: "POST", path: "/admin/apps/unsharing", summary: "Unshare any apps" },
  ],
};
