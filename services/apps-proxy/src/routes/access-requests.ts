import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Administrators' request types (what may be requested, and how often), kept by the requests service. */
export const adminRequestTypes: PassthroughFamily = {
  tag: "admin-request-types",
  rows: [
    { method: "GET", path: "/admin/request-types", backendPath: "/request-types", summary: "Every request type" },
    {
      method: "GET",
      path: "/admin/request-types/{name}",
      backendPath: "/request-types/{name}",
      summary: "A request type",
    },
    {
      method: "POST",
      path: "/admin/request-types/{name}",
      backendPath: "/request-types/{name}",
      summary: "Register a request type with its limits (an existing one is answered as it is)",
    },
    {
      method: "PATCH",
      path: "/admin/request-types/{name}",
      backendPath: "/request-types/{name}",
      summary: "Change a request type's limits",
    },
  ],
};

/** Administrators' reading of the requests users made. */
export const adminRequests: PassthroughFamily = {
  tag: "admin-requests",
  rows: [
    {
      method: "GET",
      path: "/admin/requests",
      backendPath: "/requests",
      summary: "Requests, by type and requester; completed ones on request",
    },
    {
      method: "GET",
      path: "/admin/requests/{request-id}",
      backendPath: "/requests/{request-id}",
      summary: "A request with its status updates",
    },
  ],
};
