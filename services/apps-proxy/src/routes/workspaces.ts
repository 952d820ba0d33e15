import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Users' workspaces, for administrators. */
export const workspaces: PassthroughFamily = {
  tag: "workspaces",
  rows: [
    { method: "GET", path: "/admin/workspaces", summary: "List workspaces (?username=)" },
    { method: "DELETE", path: "/admin/workspaces", summary: "Delete users' workspaces (?username=)" },
  ],
};
