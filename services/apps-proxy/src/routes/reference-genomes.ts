import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** Reference genomes users pick in app parameters. */
export const referenceGenomes: PassthroughFamily = {
  tag: "reference-genomes",
  rows: [
    { method: "GET", path: "/reference-genomes", summary: "The reference genomes" },
    { method: "GET", path: "/reference-genomes/{reference-genome-id}", summary: "A reference genome" },
    { method: "POST", path: "/admin/reference-genomes", summary: "Add a reference genome" },
    { method: "DELETE", path: "/admin/reference-genomes/{reference-genome-id}", summary: "Delete a reference genome" },
    { method: "PATCH", path: "/admin/reference-genomes/{reference-genome-id}", summary: "Change a reference genome" },
  ],
};
