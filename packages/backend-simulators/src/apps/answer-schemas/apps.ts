import { type TSchema, Type } from "typebox";
import { NonBlankString, Uuid } from "./common.js";
import { toolFields } from "./tools.js";

// The apps service's answers about apps themselves: common-swagger-api src/common_swagger_api/schema/apps.clj
// (AppBase, AppListingDetail, AppDetails, AppJobView, App, AppTaskListing, AppDocumentation, …),
// schema/apps/rating.clj, schema/apps/admin/apps.clj (the administrators' listing and details) and
// schema/tools.clj (Tool, which app answers embed).

/** A `java.util.Date` field: the apps service prints it as an ISO-8601 instant ("2016-01-22T00:24:54.000Z"). */
export const DateString = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$" });

/** apps.clj `AppVersionDetails`, listed as `versions` (`AppVersionListing`). */
const AppVersionDetails = Type.Object({ version: Type.String(), version_id: Uuid });
const versions = { versions: Type.Optional(Type.Array(AppVersionDetails)) };

/** apps.clj `AppBase`: its `id` is a UUID unless a schema merged over it says otherwise. */
const appBase = (id: TSchema = Uuid) => ({
  id,
  name: Type.String(),
  description: Type.String(),
  integration_date: Type.Optional(DateString),
  edited_date: Type.Optional(DateString),
  system_id: Type.Optional(NonBlankString),
  version: Type.Optional(Type.String()),
  version_id: Type.Optional(Uuid),
});

/** apps.clj `AppLimitCheckResult` and `AppLimitCheckResultSummary`. */
export const AppLimitCheckResult = Type.Object({
  limitCheckID: Type.String(),
  reasonCodes: Type.Array(Type.String()),
  additionalInfo: Type.Unknown(),
});
export const AppLimitCheckResultSummary = Type.Object({
  canRun: Type.Boolean(),
  results: Type.Array(AppLimitCheckResult),
});
/** apps.clj `AppLimitChecks`. */
const limitChecks = { limitChecks: Type.Optional(AppLimitCheckResultSummary) };

/** rating.clj `RatingResponse` and `Rating`. */
export const RatingResponse = Type.Object({ average: Type.Number(), total: Type.Integer() });
const Rating = Type.Object({
  average: Type.Number(),
  total: Type.Integer(),
  user: Type.Optional(Type.Integer()),
  comment_id: Type.Optional(Type.Integer()),
});

/** apps.clj `AppListingDetail`. */
const appListingDetail = {
  ...appBase(Type.String()),
  ...limitChecks,
  app_type: Type.String(),
  overall_job_type: Type.Optional(Type.String()),
  can_favor: Type.Boolean(),
  can_rate: Type.Boolean(),
  can_run: Type.Boolean(),
  deleted: Type.Boolean(),
  disabled: Type.Boolean(),
  integrator_email: Type.String(),
  integrator_name: Type.String(),
  is_favorite: Type.Optional(Type.Boolean()),
  is_public: Type.Boolean(),
  beta: Type.Optional(Type.Boolean()),
  isBlessed: Type.Optional(Type.Boolean()),
  pipeline_eligibility: Type.Object({ is_valid: Type.Boolean(), reason: Type.String() }),
  rating: Rating,
  step_count: Type.Integer(),
  wiki_url: Type.Optional(Type.String()),
  permission: Type.String(),
};
export const AppListingDetail = Type.Object(appListingDetail);

/** apps.clj `AppListing`: also the listings of hierarchies, communities and a tool's apps. */
export const AppListing = Type.Object({ total: Type.Integer(), apps: Type.Array(AppListingDetail) });

/** admin/apps.clj `AdminAppListingJobStats` (apps.clj `AppListingJobStats` with the administrators' counts). */
const AppListingJobStats = Type.Object({
  job_count_completed: Type.Integer(),
  job_last_completed: Type.Optional(DateString),
});
const AdminAppListingJobStats = Type.Object({
  job_count_completed: Type.Integer(),
  job_last_completed: Type.Optional(DateString),
  job_count: Type.Integer(),
  job_count_failed: Type.Integer(),
  last_used: Type.Optional(DateString),
});

/** admin/apps.clj `AdminAppListing`. */
export const AdminAppListing = Type.Object({
  total: Type.Integer(),
  apps: Type.Array(Type.Object({ ...appListingDetail, job_stats: Type.Optional(AdminAppListingJobStats) })),
});

/** tools.clj `Tool` (with apps.clj's optional `deprecated` where an app lists its tools). */
const AppTool = Type.Object({ ...toolFields, deprecated: Type.Optional(Type.Boolean()) });

/** apps.clj `AppDetailsTool` (the container is tools.clj `ToolListingImage`, a settings map with its image). */
const AppDetailsTool = Type.Object({
  ...toolFields,
  id: Type.String(),
  container: Type.Optional(Type.Object({ image: Type.Object({ name: Type.String() }) })),
});

/** apps.clj `AppToolListing`. */
export const AppToolListing = Type.Object({ tools: Type.Array(AppDetailsTool) });

/** ontologies.clj `OntologyClassHierarchy`. */
export const OntologyClassHierarchy = Type.Cyclic(
  {
    Hierarchy: Type.Object({
      iri: Type.String(),
      label: Type.Union([Type.String(), Type.Null()]),
      description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      subclasses: Type.Optional(Type.Array(Type.Ref("Hierarchy"))),
    }),
  },
  "Hierarchy",
);

/** apps.clj `AppDetailCategory`. */
const AppDetailCategory = Type.Object({ id: Uuid, name: Type.String() });

/** apps.clj `AppDetails`. */
const appDetails = {
  ...appListingDetail,
  ...versions,
  tools: Type.Array(AppDetailsTool),
  references: Type.Array(Type.String()),
  job_stats: Type.Optional(AppListingJobStats),
  categories: Type.Array(AppDetailCategory),
  suggested_categories: Type.Array(AppDetailCategory),
  hierarchies: Type.Optional(Type.Array(OntologyClassHierarchy)),
};
export const AppDetails = Type.Object(appDetails);

/** apps.clj `AppDocumentation`. */
export const AppDocumentation = Type.Object({
  app_id: Type.Optional(NonBlankString),
  version_id: Type.Optional(Type.String()),
  documentation: Type.String(),
  references: Type.Array(Type.String()),
  created_on: Type.Optional(DateString),
  modified_on: Type.Optional(DateString),
  created_by: Type.Optional(Type.String()),
  modified_by: Type.Optional(Type.String()),
});

/** admin/apps.clj `AdminAppDetails`. */
export const AdminAppDetails = Type.Object({
  ...appDetails,
  job_stats: Type.Optional(AdminAppListingJobStats),
  documentation: Type.Optional(AppDocumentation),
  extra: Type.Optional(Type.Object({ htcondor: Type.Object({ extra_requirements: Type.String() }) })),
});

/** admin/apps.clj `AppPublicationRequestListing`. */
export const AppPublicationRequestListing = Type.Object({
  publication_requests: Type.Array(Type.Object({ id: Uuid, app: AppDetails, requestor: Type.String() })),
});

/** apps.clj `AppParameter` (its list items and trees are left open: `AppParameterListItemOrTree`). */
const appParameter = (id: TSchema) => ({
  id,
  name: Type.Optional(Type.String()),
  defaultValue: Type.Optional(Type.Unknown()),
  value: Type.Optional(Type.Unknown()),
  label: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  order: Type.Optional(Type.Integer()),
  required: Type.Optional(Type.Boolean()),
  isVisible: Type.Optional(Type.Boolean()),
  omit_if_blank: Type.Optional(Type.Boolean()),
  type: Type.String(),
  file_parameters: Type.Optional(Type.Object({})),
  arguments: Type.Optional(Type.Array(Type.Object({}))),
  validators: Type.Optional(Type.Array(Type.Object({ type: Type.String(), params: Type.Array(Type.Unknown()) }))),
});

/** apps.clj `AppGroup`. */
const appGroup = (id: TSchema, parameters: TSchema) => ({
  id,
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  label: Type.String(),
  isVisible: Type.Optional(Type.Boolean()),
  parameters: Type.Optional(Type.Array(parameters)),
});
const AppGroup = Type.Object(appGroup(Uuid, Type.Object(appParameter(Uuid))));

/** apps.clj `App`: what creating, changing, copying and the editor's view (`…/ui`) answer. */
export const App = Type.Object({
  ...appBase(),
  ...versions,
  tools: Type.Optional(Type.Array(AppTool)),
  references: Type.Optional(Type.Array(Type.String())),
  groups: Type.Optional(Type.Array(AppGroup)),
});

/** apps.clj `AppJobView`: the launch form. */
export const AppJobView = Type.Object({
  ...appBase(Type.String()),
  ...limitChecks,
  ...versions,
  app_type: Type.String(),
  label: Type.String(),
  deleted: Type.Boolean(),
  disabled: Type.Boolean(),
  debug: Type.Optional(Type.Boolean()),
  mount_data_store: Type.Optional(Type.Boolean()),
  overall_job_type: Type.Optional(Type.String()),
  time_limit_seconds: Type.Optional(Type.Integer()),
  max_time_limit_seconds: Type.Optional(Type.Integer()),
  requirements: Type.Optional(Type.Array(Type.Object({ step_number: Type.Integer() }))),
  groups: Type.Optional(
    Type.Array(
      Type.Object({
        ...appGroup(Type.String(), Type.Object(appParameter(Type.String()))),
        step_number: Type.Integer(),
      }),
    ),
  ),
});

/** apps.clj `AppFileParameterDetails` and `AppTask`. */
const AppFileParameterDetails = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  label: Type.String(),
  format: Type.String(),
  required: Type.Boolean(),
});
const AppTask = Type.Object({
  system_id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  tool: Type.Optional(Type.Object({ ...toolFields, is_public: Type.Boolean(), permission: Type.String() })),
  inputs: Type.Array(AppFileParameterDetails),
  outputs: Type.Array(AppFileParameterDetails),
});

/** apps.clj `AppTaskListing`. */
const appTaskListing = { ...appBase(Type.String()), tasks: Type.Array(AppTask) };
export const AppTaskListing = Type.Object(appTaskListing);

/** pipeline.clj `Pipeline`: `AppTaskListing` with versions, its steps and their mappings. */
export const Pipeline = Type.Object({
  ...appTaskListing,
  ...versions,
  id: Uuid,
  steps: Type.Array(
    Type.Object({
      name: Type.String(),
      description: Type.String(),
      system_id: Type.String(),
      task_id: Type.Optional(Type.String()),
      external_app_id: Type.Optional(Type.String()),
      app_type: Type.String(),
    }),
  ),
  mappings: Type.Array(
    Type.Object({
      source_step: Type.Integer(),
      target_step: Type.Integer(),
      map: Type.Record(Type.String(), Type.String()),
    }),
  ),
});

/** apps.clj `AppPublishableResponse`. */
export const AppPublishableResponse = Type.Object({
  publishable: Type.Boolean(),
  reason: Type.Optional(Type.String()),
});

/** The `{}` some of the apps service's deletions answer (src/apps/service/apps/de/metadata.clj delete-app, …). */
export const EmptyObject = Type.Object({}, { additionalProperties: false });

/** ontologies.clj `OntologyHierarchy` and `OntologyHierarchyList`. */
export const OntologyHierarchy = Type.Object({ hierarchy: Type.Union([OntologyClassHierarchy, Type.Null()]) });
export const OntologyHierarchyList = Type.Object({ hierarchies: Type.Array(OntologyClassHierarchy) });

/**
 * cyverse-de/apps src/apps/routes/schemas/app/category.clj `ActiveOntologyDetailsList` (ontologies.clj
 * `OntologyDetails` with `active`) and `AppCategoryOntologyVersionDetails`.
 */
export const ActiveOntologyDetailsList = Type.Object({
  ontologies: Type.Array(
    Type.Object({
      iri: Type.Union([Type.String(), Type.Null()]),
      version: Type.String(),
      created_by: NonBlankString,
      created_on: DateString,
      active: Type.Boolean(),
    }),
  ),
});
export const AppCategoryOntologyVersionDetails = Type.Object({
  version: Type.String(),
  applied_by: NonBlankString,
  applied: DateString,
});

/** `AppIdList` of apps src/apps/routes/schemas/app.clj before CORE-8062 (2016): the retired `GET /apps/ids`. */
export const AppIdList = Type.Object({ app_ids: Type.Array(Uuid) });

/**
 * The command-line preview (`POST /apps/arg-preview`): the apps service declares no schema and passes on the job
 * executor's answer, jex-adapter's `PreviewerReturn`, the command line as one string.
 */
export const ArgumentPreview = Type.Object({ params: Type.String() });
