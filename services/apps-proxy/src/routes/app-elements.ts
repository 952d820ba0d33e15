import type { PassthroughFamily } from "@de-gateway/backend-clients";

const KINDS = [
  ["data-sources", "Where app outputs can come from"],
  ["file-formats", "The file formats of app inputs and outputs"],
  ["info-types", "The kinds of information app inputs hold"],
  ["parameter-types", "The parameter types (?tool-type=, ?tool-id=)"],
  ["rule-types", "The validation rule types"],
  ["tool-types", "The tool types"],
  ["value-types", "The value types"],
] as const;

/** The seven kinds of app element the reference names one by one (the seed's `/apps/elements/{element-type}` stays). */
export const appElements: PassthroughFamily = {
  tag: "apps",
  rows: KINDS.map(([kind, summary]) => ({ method: "GET" as const, path: `/apps/elements/${kind}`, summary })),
};
