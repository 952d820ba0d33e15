import { Type } from "typebox";
import { QuickLaunch } from "../analyses/answer-schemas.js";

// The answers of cyverse-de/app-exposer. Go structs: a field without `omitempty` is always sent (required here).

// reporting/types.go MetaInfo, embedded in every resource of a listing.
const meta = {
  name: Type.String(),
  namespace: Type.String(),
  analysisID: Type.String(),
  analysisName: Type.String(),
  appName: Type.String(),
  appID: Type.String(),
  externalID: Type.String(),
  userID: Type.String(),
  username: Type.String(),
  creationTimestamp: Type.String(),
};

// k8s.io/api core/v1 types.go ContainerStatus (app-exposer lists pods' statuses as Kubernetes has them): `state`
// and `lastState` are structs, which encoding/json sends even with omitempty.
const ContainerStatus = Type.Object({
  name: Type.String(),
  state: Type.Object({}),
  lastState: Type.Object({}),
  ready: Type.Boolean(),
  restartCount: Type.Integer(),
  image: Type.String(),
  imageID: Type.String(),
  containerID: Type.Optional(Type.String()),
  started: Type.Optional(Type.Boolean()),
});

// sigs.k8s.io/gateway-api apis/v1 httproute_types.go HTTPRouteRule: every field is optional; a backend
// reference always names its service.
const HttpRouteRule = Type.Object({
  backendRefs: Type.Optional(Type.Array(Type.Object({ name: Type.String(), port: Type.Optional(Type.Integer()) }))),
});

// httphandlers/handlers.go OperatorError.
const OperatorError = Type.Object({ operator: Type.String(), error: Type.String() });

// reporting/types.go ResourceInfo (DeploymentInfo, PodInfo, ConfigMapInfo, ServiceInfo, IngressInfo, RouteInfo),
// answered as httphandlers/handlers.go ResourceInfoResponse by the listings and descriptions.
export const ResourceInfoResponse = Type.Object({
  deployments: Type.Array(
    Type.Object({
      ...meta,
      image: Type.String(),
      command: Type.Union([Type.Array(Type.String()), Type.Null()]),
      port: Type.Integer(),
      user: Type.Integer(),
      group: Type.Integer(),
    }),
  ),
  pods: Type.Array(
    Type.Object({
      ...meta,
      phase: Type.String(),
      message: Type.String(),
      reason: Type.String(),
      containerStatuses: Type.Union([Type.Array(ContainerStatus), Type.Null()]),
      initContainerStatuses: Type.Union([Type.Array(ContainerStatus), Type.Null()]),
    }),
  ),
  configMaps: Type.Array(
    Type.Object({ ...meta, data: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]) }),
  ),
  services: Type.Array(
    Type.Object({
      ...meta,
      ports: Type.Union([
        Type.Array(
          Type.Object({
            name: Type.String(),
            nodePort: Type.Integer(),
            targetPort: Type.Integer(),
            targetPortName: Type.String(),
            port: Type.Integer(),
            protocol: Type.String(),
          }),
        ),
        Type.Null(),
      ]),
    }),
  ),
  ingresses: Type.Array(
    Type.Object({
      ...meta,
      defaultBackend: Type.String(),
      rules: Type.Union([Type.Array(Type.Object({})), Type.Null()]),
    }),
  ),
  routes: Type.Array(
    Type.Object({
      ...meta,
      hostnames: Type.Union([Type.Array(Type.String()), Type.Null()]),
      rules: Type.Union([Type.Array(HttpRouteRule), Type.Null()]),
    }),
  ),
  operator_errors: Type.Optional(Type.Array(OperatorError)),
});

// httphandlers/handlers.go aggregatedFailureResponse: every operator failed a listing.
export const AggregatedFailure = Type.Object({ error: Type.String(), operator_errors: Type.Array(OperatorError) });

// operatorclient/types.go URLReadyResponse.
export const UrlReady = Type.Object({ ready: Type.Boolean(), access_url: Type.Optional(Type.String()) });

// incluster/incluster.go TimeLimit: the planned end as epoch seconds, in a string.
export const TimeLimit = Type.Object({ time_limit: Type.String() });

// httphandlers/handlers.go ExternalIDResp.
export const ExternalId = Type.Object({ external_id: Type.String() });

// httphandlers/handlers.go AsyncData.
export const AsyncData = Type.Object({ analysisID: Type.String(), subdomain: Type.String(), ipAddr: Type.String() });

// reporting/types.go VICELogEntry.
export const LogEntry = Type.Object({ since_time: Type.String(), lines: Type.Array(Type.String()) });

// operatorclient/types.go OperatorAdminSummary (OperatorConfig embedded; base_url is nil only for legacy rows).
export const OperatorSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  tls_skip_verify: Type.Boolean(),
  priority: Type.Integer(),
  base_url: Type.Optional(Type.String()),
  accepting_launches: Type.Boolean(),
  deactivated: Type.Boolean(),
});
export const OperatorSummaries = Type.Array(OperatorSummary);

// httphandlers/handlers.go OperatorCapacity with operatorclient/types.go CapacityResponse.
export const OperatorCapacities = Type.Array(
  Type.Object({
    operator: Type.String(),
    capacity: Type.Optional(
      Type.Object({
        maxAnalyses: Type.Integer(),
        runningAnalyses: Type.Integer(),
        availableSlots: Type.Integer(),
        allocatableCPU: Type.Integer(),
        allocatableMemory: Type.Integer(),
        usedCPU: Type.Integer(),
        usedMemory: Type.Integer(),
        gpuVendor: Type.Optional(Type.String()),
        supportedGPUModels: Type.Optional(Type.Array(Type.String())),
        specVersion: Type.Optional(Type.Integer()),
      }),
    ),
    error: Type.Optional(Type.String()),
  }),
);

// instantlaunches/main.go InstantLaunch.
export const InstantLaunchRow = Type.Object({
  id: Type.String(),
  quick_launch_id: Type.String(),
  added_by: Type.String(),
  added_on: Type.String(),
});
export const InstantLaunchRows = Type.Array(InstantLaunchRow);

// instantlaunches/main.go FullInstantLaunch: the instant launch joined with its quick launch and app.
export const FullInstantLaunchRow = Type.Object({
  id: Type.String(),
  added_by: Type.String(),
  added_on: Type.String(),
  quick_launch_id: Type.String(),
  quick_launch_name: Type.String(),
  quick_launch_description: Type.String(),
  quick_launch_creator: Type.String(),
  is_public: Type.Boolean(),
  submission: Type.Unknown(),
  app_id: Type.String(),
  app_version_id: Type.String(),
  app_name: Type.String(),
  app_description: Type.String(),
  app_version: Type.String(),
  app_deleted: Type.Boolean(),
  app_disabled: Type.Boolean(),
  integrator: Type.String(),
});
export const FullInstantLaunchRows = Type.Array(FullInstantLaunchRow);

// instantlaunches/main.go QuickLaunch (the viable public quick launches): the same fields as the analyses
// service's quick launch.
export const PublicQuickLaunches = Type.Array(QuickLaunch);

// instantlaunches/main.go InstantLaunchMapping: pattern → InstantLaunchSelector (a pointer: null stays null);
// the database keeps it as app-exposer marshalled it, so every selector field is there.
export const InstantLaunchMapping = Type.Record(
  Type.String(),
  Type.Union([
    Type.Object({
      pattern: Type.String(),
      kind: Type.String(),
      default: InstantLaunchRow,
      compatible: Type.Union([Type.Array(InstantLaunchRow), Type.Null()]),
    }),
    Type.Null(),
  ]),
);

// instantlaunches/defaults.go DefaultInstantLaunchMapping and ListAllDefaultsResponse.
export const DefaultsMapping = Type.Object({
  id: Type.String(),
  version: Type.String(),
  mapping: InstantLaunchMapping,
});
export const DefaultsMappings = Type.Object({ defaults: Type.Array(DefaultsMapping) });

// The metadata service's AVU listing, which app-exposer's instant launch metadata routes pass on as they get it
// (instantlaunches/metadata.go): the metadata simulator's AvuList.
export { AvuList } from "../metadata/answer-schemas.js";
