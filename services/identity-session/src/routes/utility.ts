import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";

const PlainText = Type.String();

/** Unsecured helpers: the liveness welcome page and UUID generation. */
export const utilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/",
    { config: { auth: "none" }, schema: { summary: "Welcome message", response: { 200: PlainText } } },
    async (_request, reply) =>
      reply.type("text/plain; charset=utf-8").send("Welcome to the Discovery Environment API gateway.\n"),
  );
  app.get(
    "/uuid",
    { config: { auth: "none" }, schema: { summary: "A new random UUID", response: { 200: PlainText } } },
    async (_request, reply) => reply.type("text/plain; charset=utf-8").send(randomUUID()),
  );
};
