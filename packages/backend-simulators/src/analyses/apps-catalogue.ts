import { atVersion } from "../apps/app-versions.js";
import { jobView } from "../apps/app-views.js";
import { type CatalogState, readableApp } from "../apps/catalog-store.js";
import { genomeLookup } from "../apps/parameter-views.js";
import type { PeerServices } from "../apps/peer-services.js";
import type { ReferenceGenomesState } from "../apps/reference-genomes.js";
import type { ToolsState } from "../apps/tools-store.js";
import { Problem } from "../framework/problems.js";
import { badRequest, type EchoError } from "./echo-errors.js";
import { shortName } from "./users.js";

/** The part of the apps simulator's state the analyses service reads (it calls the apps backend for it). */
export interface AppsStateView {
  catalog: CatalogState;
  tools: ToolsState;
  /** The reference genomes a launch form shows a reference input's default as. */
  referenceGenomes: ReferenceGenomesState;
  /** The backend's peers: its launch forms ask data-info of the paths they offer. */
  peerServices: { services: PeerServices };
}

/** How the analyses simulator reaches the apps simulator's current state; `platform.ts` hands it in. */
export type AppsState = () => AppsStateView;

/** What the apps backend answered instead of the app, as the service quotes it. */
const refusal = (problem: Problem) =>
  `unexpected status ${problem.status}: ${JSON.stringify({ error_code: problem.code, reason: problem.message })}`;

/**
 * The launch form of an app as the apps backend answers `GET /apps/de/{app-id}` (the latest version) or
 * `GET /apps/de/{app-id}/versions/{version-id}` to the caller (the service calls with the short username). A refusal
 * by the apps backend (an app the caller may not see, a version of another app) is thrown as `failure` words it.
 */
export function launchForm(
  apps: AppsState,
  user: string,
  app: { id: string; versionId?: string | undefined },
  failure: (reason: string) => EchoError,
) {
  try {
    const { catalog, peerServices, tools, referenceGenomes } = apps();
    const username = shortName(user);
    const accessible = (paths: readonly string[]) => peerServices.services.pathsAccessible(username, paths);
    return jobView(atVersion(readableApp(catalog, app.id, username), app.versionId || undefined), {
      accessible,
      tools,
      genome: genomeLookup(referenceGenomes),
    });
  } catch (error) {
    if (error instanceof Problem) throw failure(refusal(error));
    throw error;
  }
}

/** On saving or changing a quick launch, an app the caller cannot get is the caller's mistake: 400. */
export const appRefused = (reason: string) => badRequest(`failed to get app: ${reason}`);

const INPUT_TYPES = new Set(["FileInput", "FolderInput", "MultiFileSelector"]);

type FormParameter = { id: string; type: string } & Record<string, unknown>;
type Form = ReturnType<typeof jobView>;

/**
 * The launch form with a saved submission's values filled in, as the service builds it for `app-info`: each
 * parameter the submission's `config` names gets the value as `value` and `defaultValue` (input paths as
 * `{path}`), and `debug` comes from the submission.
 */
export function filledForm(form: Form, submission: unknown): Record<string, unknown> {
  const saved = typeof submission === "object" && submission !== null ? (submission as Record<string, unknown>) : {};
  const config =
    typeof saved.config === "object" && saved.config !== null ? (saved.config as Record<string, unknown>) : {};
  const fill = (parameter: FormParameter): FormParameter => {
    if (!(parameter.id in config)) return parameter;
    const given = config[parameter.id];
    const value = INPUT_TYPES.has(parameter.type) ? { path: given } : given;
    return { ...parameter, value, defaultValue: value };
  };
  return {
    ...form,
    debug: saved.debug === true,
    groups: form.groups.map((group) => ({ ...group, parameters: group.parameters.map(fill) })),
  };
}
