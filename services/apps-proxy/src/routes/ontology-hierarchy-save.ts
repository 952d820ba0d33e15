import { PassedOnAnswer, path } from "@de-gateway/backend-clients";
import { ERROR_ANSWERS, notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";

/** What the check reads of the metadata backend's ontology listing. */
const OntologyListing = Type.Object({ ontologies: Type.Array(Type.Object({ version: Type.String() })) });

/**
 * Saving a hierarchy of an ontology version. The metadata backend reads the version's document first and fails (500)
 * when there is none (services/ontology.clj save-hierarchy), so the version is looked up among the listed ones first:
 * an unknown or deleted version is the caller's 404, not a failing backend.
 */
export const ontologyHierarchySave: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    "/admin/ontologies/:ontologyVersion/:rootIri",
    {
      config: { auth: "admin" },
      schema: {
        summary: "Save a hierarchy of an ontology version",
        tags: ["ontologies"],
        params: Type.Object({
          ontologyVersion: Type.String({ minLength: 1, description: "the ontology version (URL-encoded)" }),
          rootIri: Type.String({ minLength: 1, description: "the IRI of the hierarchy's root class (URL-encoded)" }),
        }),
        response: { "2xx": PassedOnAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const { ontologyVersion, rootIri } = request.params;
      const { metadata } = app.backends;
      const listing = await metadata.json<Static<typeof OntologyListing>>(
        request,
        { path: "/ontologies" },
        OntologyListing,
      );
      if (!listing.ontologies.some(({ version }) => version === ontologyVersion)) {
        throw notFound(`ontology version ${ontologyVersion} not found`);
      }
      return metadata.forward(request, reply, { path: path`/admin/ontologies/${ontologyVersion}/${rootIri}` });
    },
  );
};
