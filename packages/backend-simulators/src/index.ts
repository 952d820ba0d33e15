export type { CogeJob } from "./coge/jobs.js";
export type { MintedDoi } from "./datacite/dois.js";
export { DATACITE_ACCOUNT } from "./datacite/index.js";
export {
  ADMIN_GROUP,
  appsIdentityOf,
  DEMO_SERVICE_ACCOUNTS,
  DEMO_USERS,
  type DemoServiceAccount,
  type DemoUser,
  demoServiceAccount,
  demoUser,
  qualifiedUsername,
  SERVICE_ROLE,
} from "./demo-users.js";
export {
  COMPLETED_ANALYSIS,
  DEMO_SUBSCRIPTIONS,
  DOI_REQUEST,
  FAILED_ANALYSIS,
  JUPYTER_INSTANT_LAUNCH,
  JUPYTER_QUICK_LAUNCH,
  RUNNING_VICE_ANALYSIS,
  VICE_ACCESS_REQUEST,
} from "./demo-world.js";
export { seedId } from "./file-info/seed.js";
export {
  type AnswerMismatch,
  type AnswerSchemas,
  answerErrors,
  answers,
  type DeclaredRoute,
  describeMismatches,
  NoBody,
} from "./framework/answers.js";
export { type Fault, Faults } from "./framework/faults.js";
export { defineModule, moduleSimulator, type SimulatorModule } from "./framework/module.js";
export type { RecordedRequest } from "./framework/recorder.js";
export { Simulator, type SimulatorOptions } from "./framework/simulator.js";
export { registeredRoutesOf, type ServiceUnderTest, startServiceUnderTest } from "./harness.js";
export { SignInBrowser } from "./idp/browser.js";
export type { RegisteredClient } from "./idp/clients.js";
export {
  createIdentityProvider,
  DEV_AUDIENCE,
  DEV_ISSUER,
  IdentityProvider,
  type IdentityProviderOptions,
  type MintOptions,
  rotateKeys,
} from "./idp/index.js";
export {
  createOtlpReceiver,
  OtlpReceiver,
  type ReceivedSpan,
  type TraceSummary,
  type WaitOptions,
} from "./otlp/index.js";
export { type PlatformOptions, SimulatedPlatform } from "./platform.js";
export { DEFAULT_PORTS, tracingEnvironmentFor } from "./ports.js";
export type { QmsStore, SubscriptionRecord } from "./qms/index.js";
export {
  CURATORS_ADDRESS,
  defaultEndpoints,
  MAIL_FROM_ADDRESS,
  type PlatformEndpoints,
  SUPPORT_ADDRESS,
  serviceEnvironmentFor,
  TOOL_REQUEST_ADDRESS,
} from "./service-environment.js";
export type { CaughtMail } from "./smtp/index.js";
export { generateStackKeys, type StackKeys } from "./stack-keys.js";
export { deUserId } from "./vice-addresses.js";
