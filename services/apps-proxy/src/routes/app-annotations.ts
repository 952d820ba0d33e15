import type { PassthroughFamily } from "@de-gateway/backend-clients";
import { PLATFORM_APP } from "./platform-app.js";

/** What users and administrators attach to apps: favorite marks, ratings, metadata and documentation. */
export const appAnnotations: PassthroughFamily = {
  tag: "apps",
  rows: [
    {
      method: "PUT",
      path: "/apps/{app-id}/favorite",
      backendPath: `${PLATFORM_APP}/favorite`,
      summary: "Mark an app as a favorite",
    },
    {
      method: "DELETE",
      path: "/apps/{app-id}/favorite",
      backendPath: `${PLATFORM_APP}/favorite`,
      summary: "Unmark a favorite app",
    },
    { method: "POST", path: "/apps/{app-id}/rating", backendPath: `${PLATFORM_APP}/rating`, summary: "Rate an app" },
    {
      method: "DELETE",
      path: "/apps/{app-id}/rating",
      backendPath: `${PLATFORM_APP}/rating`,
      summary: "Remove the caller's rating of an app",
    },
    { method: "GET", path: "/apps/{app-id}/metadata", summary: "An app's metadata" },
    { method: "POST", path: "/apps/{app-id}/metadata", summary: "Add to an app's metadata" },
    { method: "PUT", path: "/apps/{app-id}/metadata", summary: "Replace an app's metadata" },
    { method: "GET", path: "/admin/apps/{app-id}/metadata", summary: "Any app's metadata" },
    { method: "POST", path: "/admin/apps/{app-id}/metadata", summary: "Add to any app's metadata" },
    { method: "PUT", path: "/admin/apps/{app-id}/metadata", summary: "Replace any app's metadata" },
    {
      method: "GET",
      path: "/apps/{app-id}/documentation",
      backendPath: `${PLATFORM_APP}/documentation`,
      summary: "An app's documentation",
    },
    {
      method: "POST",
      path: "/apps/{app-id}/documentation",
      backendPath: `${PLATFORM_APP}/documentation`,
      summary: "Add an app's documentation",
    },
    {
      method: "PATCH",
      path: "/apps/{app-id}/documentation",
      backendPath: `${PLATFORM_APP}/documentation`,
      summary: "Change an app's documentation",
    },
    {
      method: "PATCH",
      path: "/admin/apps/{app-id}/documentation",
      backendPath: `/admin${PLATFORM_APP}/documentation`,
      summary: "Change any app's documentation",
    },
    {
      method: "POST",
      path: "/admin/apps/{app-id}/documentation",
      backendPath: `/admin${PLATFORM_APP}/documentation`,
      summary: "Add any app's documentation",
    },
  ],
};
