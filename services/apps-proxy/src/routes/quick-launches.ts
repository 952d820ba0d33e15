import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Quick launches: saved parameter values for launching an app. */
export const quickLaunches: PassthroughFamily = {
  tag: "quick-launches",
  rows: [
    { method: "GET", path: "/quicklaunches", summary: "The quick launches the caller may use" },
    { method: "POST", path: "/quicklaunches", summary: "Save a quick launch" },
    { method: "GET", path: "/quicklaunches/apps/{app-id}", summary: "The quick launches of an app" },
    { method: "GET", path: "/quicklaunches/{ql-id}/app-info", summary: "The launch form filled from a quick launch" },
  ],
};
