import type { PassthroughFamily } from "@de-gateway/backend-clients";
import { onPlatformSystem } from "./platform-app.js";

/** What users and administrators attach to apps: favorite marks, ratings, metadata and documentation. */
export const appAnnotations: PassthroughFamily = {
  tag: "apps",
  rows: [
    onPlatformSystem({ method: "PUT", path: "/apps/{app-id}/favorite", summary: "Mark an app as a favorite" }),
    onPlatformSystem({ method: "DELETE", path: "/apps/{app-id}/favorite", summary: "Unmark a favorite app" }),
    onPlatformSystem({ method: "POST", path: "/apps/{app-id}/rating", summary: "Rate an app" }),
    onPlatformSystem({
      method: "DELETE",
      path: "/apps/{app-id}/rating",
      summary: "Remove the caller's rating of an app",
    }),
    { method: "GET", path: "/apps/{app-id}/metadata", summary: "An app's metadata" },
    { method: "POST", path: "/apps/{app-id}/metadata", summary: "Add to an app's metadata" },
    { method: "PUT", path: "/apps/{app-id}/metadata", summary: "Replace an app's metadata" },
    { method: "GET", path: "/admin/apps/{app-id}/metadata", summary: "Any app's metadata" },
    { method: "POST", path: "/admin/apps/{app-id}/metadata", summary: "Add to any app's metadata" },
    { method: "PUT", path: "/admin/apps/{app-id}/metadata", summary: "Replace any app's metadata" },
    onPlatformSystem({ method: "GET", path: "/apps/{app-id}/documentation", summary: "An app's documentation" }),
    onPlatformSystem({ method: "POST", path: "/apps/{app-id}/documentation", summary: "Add an app's documentation" }),
    onPlatformSystem({
      method: "PATCH",
      path: "/apps/{app-id}/documentation",
      summary: "Change an app's documentation",
    }),
    onPlatformSystem({
      method: "PATCH",
      path: "/admin/apps/{app-id}/documentation",
      summary: "Change any app's documentation",
    }),
    onPlatformSystem({
      method: "POST",
      path: "/admin/apps/{app-id}/documentation",
      summary: "Add any app's documentation",
    }),
  ],
};
