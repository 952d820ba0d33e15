import type { PathParameters } from "@de-gateway/backend-clients";
import { Type } from "typebox";

const text = (description: string) => Type.String({ minLength: 1, description });

/** Path parameters of the VICE, instant-launch and access-request rows (catalogue name → route name, schema). */
export const ANALYSIS_ID = { name: "analysisId", schema: text("the analysis's identifier") };
export const VICE_HOST = { name: "host", schema: text("the analysis's VICE subdomain") };
export const REQUEST_ID = { name: "requestId", schema: text("the request's identifier") };

export const VICE_PARAMETERS: PathParameters = {
  "analysis-id": ANALYSIS_ID,
  host: VICE_HOST,
  id: { name: "id", schema: text("the operator's identifier (a UUID)") },
};

export const INSTANT_LAUNCH_PARAMETERS: PathParameters = {
  id: { name: "id", schema: text("the instant launch's identifier") },
};

export const ACCESS_REQUEST_PARAMETERS: PathParameters = {
  "request-id": REQUEST_ID,
  name: { name: "name", schema: text("the request type's name") },
};
