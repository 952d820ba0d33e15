export { BackendResponseError } from "./backend-response-error.js";
export {
  BackendClient,
  type BackendResponse,
  type CallOptions,
  type ForwardOptions,
  type HttpMethod,
} from "./client.js";
export { BACKEND_URL_VARIABLES, type BackendName, backendSettings, backendUrlsFrom } from "./config.js";
export { appsUserParams, type Identity, userInPath, userParam } from "./identity.js";
export { PassedOnAnswer, PassedOnBody, streamRequestBodies } from "./passthrough.js";
export { encodeSegment, path } from "./path.js";
export { type BackendClientsOptions, type Backends, backendClients } from "./plugin.js";
export { type Query, toSearchParams } from "./query.js";
