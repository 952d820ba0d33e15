export { type RoutedEndpoint, routingProblems, SAMPLE_PARAMETER_VALUES, samplePaths } from "./conformance.js";
export {
  type DynamicConfig,
  type DynamicConfigOptions,
  dynamicConfig,
  renderDynamicConfig,
  type TraefikRouter,
  type TraefikService,
} from "./dynamic-config.js";
export {
  ENCODED_CHARACTER_OPTIONS,
  type EncodedCharacterOption,
  type EncodedCharacterPolicy,
  type EntryPointSettings,
  readEntryPointSettings,
  refusedEscape,
  TRAEFIK_DEFAULT_POLICY,
} from "./encoded-characters.js";
export { SHARED_NODE_ARGS } from "./node-args.js";
export { repoRoot, routesFiles, TRAEFIK_ROUTERS_FILE, TRAEFIK_STATIC_CONFIG } from "./repo.js";
export { type ProcessedPath, processRequestPath, RequestPathError } from "./request-path.js";
export { type CompiledRouter, RouteTable } from "./route-table.js";
export { defaultPriority, type Router, routersOf, ruleOf } from "./routers.js";
export {
  loadRoutesFile,
  loadServiceRoutes,
  OPERATOR_PATHS,
  parseRoutesFile,
  type RouteDeclaration,
  RoutesFileError,
  RoutesFileSchema,
  type ServiceRoutes,
} from "./routes-file.js";
export { compileRule, type RequestFacts, RuleError, type RuleMatcher } from "./rule.js";
