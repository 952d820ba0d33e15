import type { PassthroughFamily } from "@de-gateway/backend-clients";

const DEFAULTS = "/instantlaunches/mappings/defaults/latest";

/** Instant launches (quick launches offered for one-click launching), kept by app-exposer. */
export const instantLaunches: PassthroughFamily = {
  tag: "instant-launches",
  rows: [
    { method: "GET", path: DEFAULTS, summary: "The latest default mapping of file patterns to instant launches" },
    {
      method: "GET",
      path: "/instantlaunches/quicklaunches/public",
      summary: "The quick launches that can become instant launches: public ones and the caller's",
    },
    { method: "GET", path: "/instantlaunches/{id}", summary: "An instant launch" },
    { method: "GET", path: "/instantlaunches/{id}/full", summary: "An instant launch with its quick launch and app" },
  ],
};

/** Administrators' instant launches: any user's, their metadata, and the default mapping's versions. */
export const adminInstantLaunches: PassthroughFamily = {
  tag: "admin-instant-launches",
  rows: [
    {
      method: "DELETE",
      path: "/admin/instant-launches/mappings/defaults/latest",
      backendPath: DEFAULTS,
      summary: "Roll the default mapping back to its previous version",
    },
    {
      method: "GET",
      path: "/admin/instant-launches/metadata",
      backendPath: "/instantlaunches/metadata",
      summary: "Instant launches' AVUs, by attribute, value and unit",
    },
    {
      method: "DELETE",
      path: "/admin/instant-launches/{id}",
      backendPath: "/instantlaunches/admin/{id}",
      summary: "Remove any instant launch",
    },
    {
      method: "GET",
      path: "/admin/instant-launches/{id}/metadata",
      backendPath: "/instantlaunches/{id}/metadata",
      summary: "An instant launch's AVUs",
    },
    {
      method: "POST",
      path: "/admin/instant-launches/{id}/metadata",
      backendPath: "/instantlaunches/admin/{id}/metadata",
      summary: "Add or change an instant launch's AVUs",
    },
    {
      method: "PUT",
      path: "/admin/instant-launches/{id}/metadata",
      backendPath: "/instantlaunches/admin/{id}/metadata",
      summary: "Replace an instant launch's AVUs",
    },
  ],
};
