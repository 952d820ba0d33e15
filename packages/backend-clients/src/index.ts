export { expectShape } from "./answer-shape.js";
export { PLATFORM_SYSTEM_ID } from "./apps-system.js";
export { BackendResponseError, backendAnswerOf } from "./backend-response-error.js";
export { type CallerWorkspace, type CallerWorkspaceOptions, callerWorkspaces } from "./caller-workspace.js";
export {
  BackendClient,
  type BackendResponse,
  type CallOptions,
  type ForwardOptions,
  type HttpMethod,
  type StreamCallOptions,
  type StreamedResponse,
} from "./client.js";
export {
  BACKEND_URL_VARIABLES,
  type BackendName,
  backendClientOptionsFrom,
  backendCredentialsFrom,
  backendSettings,
  backendUrlsFrom,
  optionalBackendUrls,
} from "./config.js";
export { dataPath, isDataPath } from "./data-path.js";
export { DE_JWT_HEADER, DeJwtSigner } from "./de-jwt-signer.js";
export {
  appsUserParams,
  type BackendCredentials,
  basicAuth,
  type Identity,
  noUserParam,
  signedUserToken,
  userParam,
} from "./identity.js";
export { allowedRangesFrom, checkOutboundAddress, httpAddress } from "./outbound-address.js";
export { PassedOnAnswer, PassedOnBody, streamRequestBodies } from "./passthrough.js";
export {
  accessOf,
  type PassthroughFamily,
  type PassthroughOptions,
  type PassthroughRow,
  type PathParameters,
  registerPassthroughs,
} from "./passthrough-routes.js";
export { checkBackendPath, encodeSegment, path } from "./path.js";
export { type BackendClientsOptions, type Backends, backendClients } from "./plugin.js";
export { type Query, toSearchParams } from "./query.js";
export { isSuccess } from "./success.js";
