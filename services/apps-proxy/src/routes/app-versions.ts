import type { PassthroughFamily } from "@de-gateway/backend-clients";

const VERSION = "/apps/{system-id}/{app-id}/versions/{version-id}";

/** Versions of an app: every app has at least one; the paths without a version show the latest. */
export const appVersions: PassthroughFamily = {
  tag: "app-versions",
  rows: [
    { method: "POST", path: "/apps/{system-id}/{app-id}/versions", summary: "Add a version to an app" },
    { method: "PUT", path: "/apps/{system-id}/{app-id}/versions", summary: "Reorder an app's versions" },
    { method: "GET", path: VERSION, summary: "A version's launch form" },
    { method: "PUT", path: VERSION, summary: "Replace a version's definition" },
    { method: "PATCH", path: VERSION, summary: "Change a version's labels" },
    { method: "DELETE", path: VERSION, summary: "Delete a version" },
    { method: "POST", path: `${VERSION}/copy`, summary: "Copy a version into a new app" },
    { method: "GET", path: `${VERSION}/details`, auth: "optional", summary: "A version's details" },
    { method: "GET", path: `${VERSION}/documentation`, auth: "optional", summary: "A version's documentation" },
    { method: "POST", path: `${VERSION}/documentation`, summary: "Add a version's documentation" },
    { method: "PATCH", path: `${VERSION}/documentation`, summary: "Change a version's documentation" },
    { method: "GET", path: `${VERSION}/integration-data`, summary: "Who integrated a version" },
    { method: "GET", path: `${VERSION}/tasks`, summary: "A version's tasks" },
    { method: "GET", path: `${VERSION}/tools`, summary: "The tools a version runs" },
    { method: "GET", path: `${VERSION}/ui`, summary: "A version as the app editor loads it" },
  ],
};
