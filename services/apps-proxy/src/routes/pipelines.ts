import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Pipelines: apps made of other apps run one after the other. */
export const pipelines: PassthroughFamily = {
  tag: "pipelines",
  rows: [
    { method: "POST", path: "/apps/pipelines", summary: "Create a pipeline" },
    { method: "PUT", path: "/apps/pipelines/{app-id}", summary: "Replace a pipeline" },
    { method: "POST", path: "/apps/pipelines/{app-id}/copy", summary: "Copy a pipeline" },
    { method: "GET", path: "/apps/pipelines/{app-id}/ui", summary: "A pipeline as the editor loads it" },
    { method: "POST", path: "/apps/pipelines/{app-id}/versions", summary: "Add a version to a pipeline" },
    { method: "PUT", path: "/apps/pipelines/{app-id}/versions/{version-id}", summary: "Replace a pipeline version" },
    { method: "POST", path: "/apps/pipelines/{app-id}/versions/{version-id}/copy", summary: "Copy a pipeline version" },
    {
      method: "GET",
      path: "/apps/pipelines/{app-id}/versions/{version-id}/ui",
      auth: "optional",
      summary: "A pipeline version as the editor loads it",
    },
  ],
};
