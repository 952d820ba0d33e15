import type { PassthroughFamily } from "@de-gateway/backend-clients";
import { Type } from "typebox";

const ADMIN_ANALYSIS = "/admin/vice/analyses/{analysis-id}";
const BACKEND_ADMIN_ANALYSIS = "/vice/admin/analyses/{analysis-id}";

const LABEL_VALUE = Type.Optional(
  Type.String({
    maxLength: 63,
    pattern: "^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$",
    description: "a Kubernetes label value, as app-exposer labels it (names lower case, hyphenated)",
  }),
);

/**
 * The filters app-exposer passes to its operators as label selectors (cyverse-de/app-exposer httphandlers/
 * handlers.go `operatorLabelParams`). Kubernetes refuses a value no label can have, which fails every operator's
 * listing (502 from app-exposer): refused here with 400.
 */
const ListingFilters = Type.Object(
  Object.fromEntries(
    ["analysis-id", "app-id", "app-name", "external-id", "username", "user-id", "subdomain"].map((name) => [
      name,
      LABEL_VALUE,
    ]),
  ),
);

/** Interactive analyses (VICE) of the caller, from app-exposer, which checks the caller's access itself. */
export const vice: PassthroughFamily = {
  tag: "vice",
  rows: [
    {
      method: "GET",
      path: "/vice/resources",
      backendPath: "/vice/listing",
      summary: "The Kubernetes resources of the caller's interactive analyses",
      querystring: ListingFilters,
    },
    { method: "GET", path: "/vice/{host}/url-ready", summary: "Whether an interactive analysis answers yet" },
    { method: "GET", path: "/vice/{host}/description", summary: "The resources of one interactive analysis" },
  ],
};

/** Administrators' view of every interactive analysis and of the cluster operators running them. */
export const adminVice: PassthroughFamily = {
  tag: "admin-vice",
  rows: [
    {
      method: "GET",
      path: "/admin/vice/resources",
      backendPath: "/vice/admin/listing",
      summary: "The resources of every user's interactive analyses",
      querystring: ListingFilters,
    },
    {
      method: "POST",
      path: `${ADMIN_ANALYSIS}/save-and-exit`,
      backendPath: `${BACKEND_ADMIN_ANALYSIS}/save-and-exit`,
      summary: "Save an interactive analysis's outputs and end it",
    },
    {
      method: "POST",
      path: `${ADMIN_ANALYSIS}/exit`,
      backendPath: `${BACKEND_ADMIN_ANALYSIS}/exit`,
      summary: "End an interactive analysis without saving its outputs",
    },
    {
      method: "POST",
      path: `${ADMIN_ANALYSIS}/save-output-files`,
      backendPath: `${BACKEND_ADMIN_ANALYSIS}/save-output-files`,
      summary: "Save an interactive analysis's outputs and keep it running",
    },
    {
      method: "POST",
      path: `${ADMIN_ANALYSIS}/download-input-files`,
      backendPath: `${BACKEND_ADMIN_ANALYSIS}/download-input-files`,
      summary: "Download an interactive analysis's inputs again",
    },
    {
      method: "GET",
      path: "/admin/vice/operators",
      backendPath: "/vice/admin/operators",
      summary: "The cluster operators",
    },
    {
      method: "POST",
      path: "/admin/vice/operators",
      backendPath: "/vice/admin/operators",
      summary: "Register a cluster operator",
    },
    {
      method: "GET",
      path: "/admin/vice/operators/capacities",
      backendPath: "/vice/admin/operators/capacities",
      summary: "Every operator's live capacity",
    },
    {
      method: "PATCH",
      path: "/admin/vice/operators/id/{id}",
      backendPath: "/vice/admin/operators/id/{id}",
      summary: "Change a cluster operator",
    },
    {
      method: "DELETE",
      path: "/admin/vice/operators/id/{id}",
      backendPath: "/vice/admin/operators/id/{id}",
      summary: "Remove a cluster operator that runs no analyses",
    },
    {
      method: "GET",
      path: "/admin/vice/{host}/url-ready",
      backendPath: "/vice/admin/{host}/url-ready",
      summary: "Whether an interactive analysis answers yet (any user's)",
    },
    {
      method: "GET",
      path: "/admin/vice/{host}/description",
      backendPath: "/vice/admin/{host}/description",
      summary: "The resources of one interactive analysis (any user's)",
    },
  ],
};
