import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { bootstrapNaming } from "../output-folders.js";
import { deleteDocument } from "../user-documents.js";
import { type PreferenceSettings, readPreferences, replacePreferences } from "../user-preferences.js";

const PreferenceSet = Type.Record(Type.String(), Type.Unknown(), {
  description: "the user's preferences: any keys, plus the output-folder entries",
});
const errors = { 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/** The caller's preferences; the default and system default output folders are always present. */
export const preferenceRoutes: FastifyPluginAsyncTypebox<{ settings: PreferenceSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    "/secured/preferences",
    { schema: { summary: "The caller's preferences", response: { 200: PreferenceSet, ...errors } } },
    async (request) => readPreferences(request, settings),
  );
  app.post(
    "/secured/preferences",
    {
      schema: {
        summary: "Replace the caller's whole preference set",
        description:
          "Answers what was stored in the reference's form, the output folders named as in the bootstrap result (default_output_folder, system_default_output_dir): the web client keeps this answer as its bootstrap preferences.",
        body: PreferenceSet,
        response: { 200: Type.Object({ preferences: PreferenceSet }), ...errors },
      },
    },
    async (request) => ({ preferences: bootstrapNaming(await replacePreferences(request, settings, request.body)) }),
  );
  app.delete(
    "/secured/preferences",
    {
      schema: {
        summary: "Reset the caller's preferences to the defaults (silent when none are stored)",
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await deleteDocument(request, settings, "preferences");
      return {};
    },
  );
};
