import { marksOf, ratingOf } from "./app-marks.js";
import { type AppRecord, catalogOf, permissionOf } from "./catalog.js";

/** An app as listings show it to one user: with permission, favorite flag and rating. */
export function listingDetail(app: AppRecord, username: string, all: () => Record<string, unknown>) {
  const marks = marksOf(all);
  return {
    id: app.id,
    system_id: app.system_id,
    version: app.version,
    version_id: app.version_id,
    name: app.name,
    description: app.description,
    integration_date: app.integration_date,
    edited_date: app.edited_date,
    app_type: "DE",
    can_favor: true,
    can_rate: app.is_public,
    can_run: app.tool_ids.length > 0 || (app.steps?.length ?? 0) > 0,
    deleted: app.deleted,
    disabled: app.disabled,
    integrator_email: app.integrator_email,
    integrator_name: app.integrator_name,
    is_favorite: marks.favorites.get(username)?.has(app.id) ?? false,
    is_public: app.is_public,
    permission: permissionOf(catalogOf(all), app, username) ?? "",
    pipeline_eligibility: { is_valid: !app.steps, reason: app.steps ? "pipelines cannot be nested" : "" },
    rating: ratingOf(marks, app.id, username),
    step_count: app.steps?.length ?? 1,
    ...(app.wiki_url ? { wiki_url: app.wiki_url } : {}),
  };
}
