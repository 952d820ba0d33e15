import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Apps: the catalogue, app definitions and their views, publication and sharing. */
export const apps: PassthroughFamily = {
  tag: "apps",
  rows: [
    { method: "GET", path: "/apps/elements", summary: "All app elements (parameter types, file formats, tools…)" },
    { method: "GET", path: "/apps/elements/{element-type}", summary: "App elements of one kind" },
    { method: "GET", path: "/apps/ids", summary: "The identifiers of all apps" },
    { method: "GET", path: "/apps", summary: "Search the apps the caller can see (?search=)" },
    { method: "POST", path: "/apps", summary: "Create an app" },
    { method: "GET", path: "/admin/apps", summary: "Search all apps" },
    { method: "POST", path: "/admin/apps", summary: "Place apps in categories" },
    { method: "GET", path: "/apps/{app-id}", summary: "An app's launch form" },
    { method: "PUT", path: "/apps/{app-id}", summary: "Replace an app's definition" },
    { method: "PATCH", path: "/apps/{app-id}", summary: "Change an app's labels" },
    { method: "DELETE", path: "/apps/{app-id}", summary: "Delete an app" },
    {
      method: "PATCH",
      path: "/admin/apps/{app-id}",
      backendPath: "/apps/{app-id}",
      summary: "Change an app's labels (administrators)",
    },
    { method: "DELETE", path: "/admin/apps/{app-id}", summary: "Delete any app" },
    { method: "POST", path: "/apps/shredder", summary: "Delete several apps" },
    { method: "POST", path: "/admin/apps/shredder", summary: "Delete several apps permanently" },
    { method: "GET", path: "/apps/{app-id}/details", summary: "An app's details" },
    { method: "GET", path: "/apps/{app-id}/tasks", summary: "An app's tasks with their inputs and outputs" },
    { method: "GET", path: "/apps/{app-id}/tools", summary: "The tools an app runs" },
    { method: "GET", path: "/apps/{app-id}/ui", summary: "An app as the app editor loads it" },
    { method: "GET", path: "/apps/{app-id}/is-publishable", summary: "Whether an app can be published" },
    { method: "POST", path: "/apps/{app-id}/publish", summary: "Publish an app" },
    { method: "POST", path: "/apps/{app-id}/copy", summary: "Copy an app into the caller's workspace" },
    // Open to anyone, as the spec lists it; the apps backend wants a user, so a signed-in caller is passed on.
    {
      method: "POST",
      path: "/apps/arg-preview",
      auth: "optional",
      summary: "Preview the command-line arguments",
    },
    { method: "GET", path: "/export-workflow/{analysis-id}", auth: "none", summary: "Export an app's definition" },
    { method: "POST", path: "/apps/permission-lister", summary: "Who apps are shared with" },
    { method: "POST", path: "/apps/share", summary: "Share apps" },
    { method: "POST", path: "/apps/unshare", summary: "Unshare apps" },
    // The web client's names for the seed's share and unshare; both names work.
    { method: "POST", path: "/apps/sharing", summary: "Share apps" },
    { method: "POST", path: "/apps/unsharing", summary: "Unshare apps" },
    { method: "POST", path: "/admin/apps/sharing", summary: "Share any apps" },
    { method: "POST", path: "/admin/apps/unsharing", summary: "Unshare any apps" },
  ],
};
