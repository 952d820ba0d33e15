import { PassedOnAnswer, PassedOnBody, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";

/** The caller's collaborators, kept by the apps backend: passthroughs, bodies streamed as sent. */
export const collaboratorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  streamRequestBodies(app);
  const apps = app.backends.apps;

  app.get(
    "/secured/collaborators",
    { schema: { summary: "The caller's collaborators ({users: [...]})", response: { "2xx": PassedOnAnswer } } },
    (request, reply) => {
      apps.forward(request, reply, { path: "/collaborators" });
    },
  );
  app.post(
    "/secured/collaborators",
    {
      schema: {
        summary: "Add collaborators ({users: [{username}]})",
        body: PassedOnBody,
        response: { "2xx": PassedOnAnswer },
      },
    },
    (request, reply) => {
      apps.forward(request, reply, { path: "/collaborators" });
    },
  );
  app.post(
    "/secured/remove-collaborators",
    {
      schema: {
        summary: "Remove collaborators ({users: [{username}]})",
        body: PassedOnBody,
        response: { "2xx": PassedOnAnswer },
      },
    },
    (request, reply) => {
      apps.forward(request, reply, { path: "/collaborators/shredder" });
    },
  );
};
