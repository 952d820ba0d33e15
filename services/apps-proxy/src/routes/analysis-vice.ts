import type { PassthroughFamily } from "@de-gateway/backend-clients";

/** What app-exposer knows of an interactive analysis of the caller's: its pod's logs and its time limit. */
export const analysisVice: PassthroughFamily = {
  tag: "analyses",
  rows: [
    {
      method: "GET",
      path: "/analyses/{analysis-id}/logs",
      backendPath: "/vice/{analysis-id}/logs",
      summary: "The logs of an interactive analysis's container",
    },
    {
      method: "GET",
      path: "/analyses/{analysis-id}/time-limit",
      backendPath: "/vice/{analysis-id}/time-limit",
      summary: "An interactive analysis's planned end (epoch seconds)",
    },
    {
      method: "POST",
      path: "/analyses/{analysis-id}/time-limit",
      backendPath: "/vice/{analysis-id}/time-limit",
      summary: "Extend the caller's interactive analysis's time limit",
    },
  ],
};
