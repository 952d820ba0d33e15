import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Tools: the container images apps run, for users and administrators. */
export const tools: PassthroughFamily = {
  tag: "tools",
  rows: [
    { method: "GET", path: "/tools", summary: "Search the tools the caller can use" },
    { method: "POST", path: "/tools", summary: "Add a private tool" },
    { method: "GET", path: "/admin/tools", summary: "Search all tools" },
    { method: "POST", path: "/admin/tools", summary: "Add public tools" },
    { method: "GET", path: "/tools/gpu-models", summary: "The GPU models a tool may ask for" },
    { method: "GET", path: "/tools/{tool-id}", summary: "A tool" },
    { method: "PATCH", path: "/tools/{tool-id}", summary: "Change a tool" },
    { method: "DELETE", path: "/tools/{tool-id}", summary: "Delete a tool" },
    { method: "GET", path: "/admin/tools/{tool-id}", summary: "Any tool" },
    { method: "PATCH", path: "/admin/tools/{tool-id}", summary: "Change any tool" },
    { method: "DELETE", path: "/admin/tools/{tool-id}", summary: "Delete any tool" },
    { method: "GET", path: "/tools/{tool-id}/apps", summary: "The apps using a tool" },
    { method: "GET", path: "/admin/tools/{tool-id}/apps", summary: "All apps using a tool" },
    { method: "POST", path: "/tools/permission-lister", summary: "Who tools are shared with" },
    { method: "POST", path: "/tools/sharing", summary: "Share tools" },
    { method: "POST", path: "/tools/unsharing", summary: "Unshare tools" },
    { method: "POST", path: "/admin/tools/{tool-id}/publish", summary: "Make a tool public" },
  ],
};
