import { type BackendClient, BackendResponseError, PLATFORM_SYSTEM_ID, path } from "@de-gateway/backend-clients";
import { GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { ImportAppShape } from "./backend-answers.js";

interface ImportApp {
  groups?: Array<{ parameters?: Array<{ id?: string; label?: string }> }>;
}

export interface UrlImport {
  appId: string;
  address: string;
  name: string;
  dest: string;
}

/** The URL import app's parameters are known by their labels; their ids are the app's own. */
const SOURCE_LABEL = "Source URL";
const NAME_LABEL = "Output Filename";

/**
 * Starts the import as a job of the platform's URL import app through the apps backend, the way the
 * reference gateway does. A refusal or failure there is reported as ERR_REQUEST_FAILED with what was asked.
 */
export async function submitUrlImport(apps: BackendClient, request: FastifyRequest, job: UrlImport): Promise<void> {
  const failed = (reason: string) =>
    new GatewayError(502, reason, "ERR_REQUEST_FAILED", { msg: { address: job.address, dest: job.dest } });
  try {
    const app = await apps.json<ImportApp>(
      request,
      { path: path`/apps/${PLATFORM_SYSTEM_ID}/${job.appId}` },
      ImportAppShape,
    );
    const ids = new Map(
      (app.groups ?? []).flatMap((group) => group.parameters ?? []).map((parameter) => [parameter.label, parameter.id]),
    );
    const source = ids.get(SOURCE_LABEL);
    const output = ids.get(NAME_LABEL);
    if (!source || !output) throw failed("the URL import app has no Source URL and Output Filename parameters");
    await apps.json(request, {
      method: "POST",
      path: "/analyses",
      json: {
        app_id: job.appId,
        system_id: "de",
        name: `url_import_${job.name}`,
        description: `URL Import of ${job.name} from ${job.address}`,
        output_dir: job.dest,
        create_output_subdir: false,
        notify: true,
        debug: false,
        archive_logs: false,
        "skip-parent-meta": true,
        "file-metadata": [{ attr: "ipc-url-import", value: job.address, unit: "Import URL" }],
        config: { [source]: job.address, [output]: job.name },
      },
    });
  } catch (error) {
    if (error instanceof BackendResponseError) throw failed(`the import could not be started: ${error.message}`);
    throw error;
  }
}
