import { Type } from "typebox";
import {
  BaseSubject,
  ErrorResponse,
  MillisString,
  NonBlankString,
  PermissionLevel,
  SubjectPermission,
  Uuid,
} from "./common.js";

// The apps service's analysis answers: common-swagger-api src/common_swagger_api/schema/analyses/listing.clj
// (listing, steps, history, update) and schema/analyses.clj (submission, parameters, stop, stats).

const SystemId = Type.String({ pattern: "\\S" });

/** listing.clj `BatchStatus`. */
const BatchStatus = Type.Object({
  total: Type.Integer(),
  completed: Type.Integer(),
  running: Type.Integer(),
  submitted: Type.Integer(),
});

/** listing.clj `Analysis` (`BaseAnalysis` with `app_disabled` and `can_share`). */
export const Analysis = Type.Object({
  app_description: Type.Optional(Type.String()),
  app_id: Type.String(),
  app_version_id: Type.Optional(Uuid),
  system_id: SystemId,
  app_name: Type.Optional(Type.String()),
  batch: Type.Optional(Type.Boolean()),
  description: Type.Optional(Type.String()),
  enddate: Type.Optional(MillisString),
  id: Uuid,
  name: Type.Optional(Type.String()),
  notify: Type.Boolean(),
  resultfolderid: Type.Optional(Type.String()),
  startdate: Type.Optional(MillisString),
  status: Type.String(),
  username: Type.String(),
  wiki_url: Type.Optional(Type.String()),
  parent_id: Type.Optional(Uuid),
  batch_status: Type.Optional(BatchStatus),
  interactive_urls: Type.Optional(Type.Array(Type.String())),
  app_disabled: Type.Boolean(),
  can_share: Type.Boolean(),
});

/** analyses.clj `AnalysisCount`. */
const AnalysisCount = Type.Object({ count: Type.Integer(), status: Type.String() });

/** analyses.clj `AnalysisStats`. */
export const AnalysisStats = Type.Object({ "status-count": Type.Array(AnalysisCount) });

/**
 * listing.clj `AnalysisList` (merged with `AnalysisStats`). The apps service leaves the listing's counts out of
 * the query (cyverse-de/apps src/apps/service/apps/job_listings.clj list-jobs) and sends `status-count: null`,
 * which its schema lets through; `GET /analyses/stats` has them.
 */
export const AnalysisList = Type.Object({
  analyses: Type.Array(Analysis),
  timestamp: MillisString,
  total: Type.Integer(),
  "status-count": Type.Union([Type.Array(AnalysisCount), Type.Null()]),
});

/** analyses.clj `AnalysisResponse`. */
export const AnalysisResponse = Type.Object({
  id: Uuid,
  name: Type.String(),
  status: Type.String(),
  "start-date": MillisString,
  "missing-paths": Type.Optional(Type.Array(Type.String())),
});

/** listing.clj `AnalysisUpdateResponse`. */
export const AnalysisUpdateResponse = Type.Object({
  id: Uuid,
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
});

/** analyses.clj `AnalysisParameters`. */
export const AnalysisParameters = Type.Object({
  app_id: Type.String(),
  app_version_id: Type.Optional(Type.String()),
  system_id: SystemId,
  parameters: Type.Array(
    Type.Object({
      full_param_id: Type.String(),
      param_id: Type.String(),
      param_name: Type.Optional(Type.String()),
      param_value: Type.Optional(Type.Object({ value: Type.Unknown() })),
      param_type: Type.String(),
      info_type: Type.Optional(Type.String()),
      data_format: Type.Optional(Type.String()),
      is_default_value: Type.Optional(Type.Boolean()),
      is_visible: Type.Optional(Type.Boolean()),
    }),
  ),
});

/** listing.clj `AnalysisStep`. */
const AnalysisStep = Type.Object({
  step_number: Type.Integer(),
  external_id: Type.Optional(Type.String()),
  startdate: Type.Optional(MillisString),
  enddate: Type.Optional(MillisString),
  status: Type.Optional(Type.String()),
  app_step_number: Type.Optional(Type.Integer()),
  step_type: Type.Optional(Type.String()),
});

/** listing.clj `AnalysisStepList`. */
export const AnalysisStepList = Type.Object({
  analysis_id: Uuid,
  steps: Type.Array(AnalysisStep),
  timestamp: MillisString,
  total: Type.Integer(),
});

/** listing.clj `AnalysisHistory`: each step with its `AnalysisStatusUpdate`s. */
export const AnalysisHistory = Type.Object({
  ...AnalysisStepList.properties,
  steps: Type.Array(
    Type.Object({
      ...AnalysisStep.properties,
      updates: Type.Array(Type.Object({ status: NonBlankString, message: Type.String(), timestamp: Type.String() })),
    }),
  ),
});

/** analyses.clj `StopAnalysisResponse`. */
export const StopAnalysisResponse = Type.Object({ id: Uuid });

// common-swagger-api src/common_swagger_api/schema/apps/permission.clj: the analysis permission listing and the
// sharing and unsharing answers (`asyncTaskID` added by cyverse-de/apps src/apps/routes/analyses.clj).

/** permission.clj `AnalysisPermissionListing`. */
export const AnalysisPermissionListing = Type.Object({
  analyses: Type.Array(Type.Object({ id: Uuid, name: NonBlankString, permissions: Type.Array(SubjectPermission) })),
});

const ItemResult = { analysis_name: NonBlankString, ok: Type.Boolean(), error: Type.Optional(ErrorResponse) };

/** permission.clj `AnalysisSharingResponse`, also its 400 answer when an item fails validation. */
export const AnalysisSharingResponse = Type.Object({
  sharing: Type.Array(
    Type.Object({
      subject: BaseSubject,
      analyses: Type.Array(Type.Object({ analysis_id: Uuid, permission: PermissionLevel, ...ItemResult })),
    }),
  ),
  asyncTaskID: Type.Optional(Uuid),
});

/** permission.clj `AnalysisUnsharingResponse`, also its 400 answer when an item fails validation. */
export const AnalysisUnsharingResponse = Type.Object({
  unsharing: Type.Array(
    Type.Object({ subject: BaseSubject, analyses: Type.Array(Type.Object({ analysis_id: Uuid, ...ItemResult })) }),
  ),
  asyncTaskID: Type.Optional(Uuid),
});
