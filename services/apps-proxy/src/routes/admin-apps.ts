import type { PassthroughFamily } from "@de-gateway/backend-clients";

const APP = "/admin/apps/{system-id}/{app-id}";
const VERSION = `${APP}/versions/{version-id}`;

/** What administrators do to any app by system id: labels, blessing, documentation, publication, integration data. */
export const adminApps: PassthroughFamily = {
  tag: "apps",
  rows: [
    { method: "GET", path: "/admin/apps/publication-requests", summary: "Requests to publish apps" },
    { method: "PATCH", path: APP, summary: "Change any app's labels and flags" },
    { method: "DELETE", path: APP, summary: "Delete any app" },
    { method: "POST", path: `${APP}/blessing`, summary: "Bless an app" },
    { method: "DELETE", path: `${APP}/blessing`, summary: "Take an app's blessing away" },
    { method: "GET", path: `${APP}/details`, summary: "Any app's details" },
    { method: "POST", path: `${APP}/documentation`, summary: "Add any app's documentation" },
    { method: "PATCH", path: `${APP}/documentation`, summary: "Change any app's documentation" },
    {
      method: "PUT",
      path: `${APP}/integration-data/{integration-data-id}`,
      summary: "Set who integrated an app",
    },
    { method: "POST", path: `${APP}/publish`, summary: "Publish an app" },
    { method: "PATCH", path: VERSION, summary: "Change any version's labels and flags" },
    { method: "GET", path: `${VERSION}/details`, summary: "Any version's details" },
    { method: "POST", path: `${VERSION}/documentation`, summary: "Add any version's documentation" },
    { method: "PATCH", path: `${VERSION}/documentation`, summary: "Change any version's documentation" },
    {
      method: "PUT",
      path: `${VERSION}/integration-data/{integration-data-id}`,
      summary: "Set who integrated a version",
    },
  ],
};
