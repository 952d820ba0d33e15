import type { PathParameters } from "@de-gateway/backend-clients";
import { Type } from "typebox";

const text = (description: string) => Type.String({ minLength: 1, description });

/** Path parameters of the VICE, instant-launch and access-request rows (catalogue name → route name, schema). */
export const ANALYSIS_ID = { name: "analysisId", schema: text("the analysis's identifier") };
export const VICE_HOST = { name: "host", schema: text("the analysis's VICE subdomain") };
/** The requests service keeps requests in a uuid column: any other id fails its query with 500. */
export const REQUEST_ID = {
  name: "requestId",
  schema: Type.String({ format: "uuid", description: "the request's identifier" }),
};

export const VICE_PARAMETERS: PathParameters = {
  "analysis-id": ANALYSIS_ID,
  host: VICE_HOST,
  id: { name: "id", schema: text("the operator's identifier (a UUID)") },
};

/** app-exposer keeps instant launches in a uuid column: any other id fails its query with 500. */
export const INSTANT_LAUNCH_ID = {
  name: "id",
  schema: Type.String({ format: "uuid", description: "the instant launch's identifier" }),
};

export const INSTANT_LAUNCH_PARAMETERS: PathParameters = { id: INSTANT_LAUNCH_ID };

export const ACCESS_REQUEST_PARAMETERS: PathParameters = {
  "request-id": REQUEST_ID,
  name: { name: "name", schema: text("the request type's name") },
};
