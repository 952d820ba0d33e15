import type { PassthroughFamily } from "@de-gateway/backend-clients";

/**
 * Apps named by their system (`de`, `tapis`) and id, as the apps backend and the web client name them today. Static
 * siblings (`/apps/pipelines`, `/apps/sharing`, `/apps/categories/…`, `/apps/{app-id}/communities`…) win over these
 * parameters, as in the reference gateway.
 */
export const appsBySystem: PassthroughFamily = {
  tag: "apps",
  rows: [
    { method: "POST", path: "/apps/{system-id}", summary: "Create an app in a system" },
    { method: "POST", path: "/apps/{system-id}/arg-preview", summary: "Preview the command-line arguments" },
    { method: "GET", path: "/apps/{system-id}/{app-id}", summary: "An app's launch form (its latest version)" },
    { method: "PUT", path: "/apps/{system-id}/{app-id}", summary: "Replace an app's definition" },
    { method: "PATCH", path: "/apps/{system-id}/{app-id}", summary: "Change an app's labels" },
    { method: "DELETE", path: "/apps/{system-id}/{app-id}", summary: "Delete an app" },
    { method: "POST", path: "/apps/{system-id}/{app-id}/copy", summary: "Copy an app into the caller's workspace" },
    {
      method: "GET",
      path: "/apps/{system-id}/{app-id}/listing",
      auth: "optional",
      summary: "An app as listings show it",
    },
    { method: "GET", path: "/apps/{system-id}/{app-id}/details", auth: "optional", summary: "An app's details" },
    {
      method: "GET",
      path: "/apps/{system-id}/{app-id}/documentation",
      auth: "optional",
      summary: "An app's documentation",
    },
    { method: "POST", path: "/apps/{system-id}/{app-id}/documentation", summary: "Add an app's documentation" },
    { method: "PATCH", path: "/apps/{system-id}/{app-id}/documentation", summary: "Change an app's documentation" },
    { method: "PUT", path: "/apps/{system-id}/{app-id}/favorite", summary: "Mark an app as a favorite" },
    { method: "DELETE", path: "/apps/{system-id}/{app-id}/favorite", summary: "Unmark a favorite app" },
    { method: "POST", path: "/apps/{system-id}/{app-id}/rating", summary: "Rate an app" },
    { method: "DELETE", path: "/apps/{system-id}/{app-id}/rating", summary: "Remove the caller's rating of an app" },
    { method: "GET", path: "/apps/{system-id}/{app-id}/integration-data", summary: "Who integrated an app" },
    { method: "GET", path: "/apps/{system-id}/{app-id}/is-publishable", summary: "Whether an app can be published" },
    { method: "POST", path: "/apps/{system-id}/{app-id}/publish", summary: "Ask for an app to be published" },
    { method: "GET", path: "/apps/{system-id}/{app-id}/tasks", summary: "An app's tasks with inputs and outputs" },
    { method: "GET", path: "/apps/{system-id}/{app-id}/tools", summary: "The tools an app runs" },
    { method: "GET", path: "/apps/{system-id}/{app-id}/ui", summary: "An app as the app editor loads it" },
  ],
};
