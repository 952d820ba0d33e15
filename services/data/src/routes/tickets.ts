import { dataPath } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { answered, fieldCodes, PathsBody } from "../schemas.js";

/** Tickets (links that open a file or folder to whoever holds them) and anonymous read access. */
export const tickets: FastifyPluginAsyncTypebox = async (app) => {
  const fileInfo = app.backends.fileInfo;
  const checkedPaths = (paths: readonly string[]) => paths.map((entry) => dataPath(entry, "paths"));

  app.post(
    "/secured/filesystem/tickets",
    {
      config: fieldCodes,
      schema: {
        summary: "Create tickets for paths",
        tags: ["filesystem"],
        querystring: Type.Object({
          public: Type.Optional(Type.String({ description: "1 or true: the tickets are usable by anyone" })),
          mode: Type.Optional(
            Type.Union([Type.Literal("read"), Type.Literal("write")], {
              description: "read (the default) or write access through the tickets",
            }),
          ),
          "uses-limit": Type.Optional(
            Type.Integer({ minimum: 0, description: "how many times each ticket may be used" }),
          ),
          "file-write-limit": Type.Optional(
            Type.Integer({
              minimum: 0,
              description: "how many file writes each ticket allows (the backend's default: 10)",
            }),
          ),
        }),
        body: PathsBody,
        response: answered("{user, tickets: [{path, ticket-id, download-url, download-page-url}]}"),
      },
    },
    async (request) =>
      fileInfo.json(request, {
        method: "POST",
        path: "/tickets",
        query: {
          public: request.query.public === "1" || request.query.public === "true",
          mode: request.query.mode,
          "uses-limit": request.query["uses-limit"],
          "file-write-limit": request.query["file-write-limit"],
        },
        json: { paths: checkedPaths(request.body.paths) },
      }),
  );

  app.post(
    "/secured/filesystem/list-tickets",
    {
      config: fieldCodes,
      schema: {
        summary: "The tickets of paths",
        tags: ["filesystem"],
        body: PathsBody,
        response: answered("{tickets: {path: [ticket]}}"),
      },
    },
    async (request) =>
      fileInfo.json(request, {
        method: "POST",
        path: "/ticket-lister",
        json: { paths: checkedPaths(request.body.paths) },
      }),
  );

  app.post(
    "/secured/filesystem/delete-tickets",
    {
      config: fieldCodes,
      schema: {
        summary: "Delete tickets",
        tags: ["filesystem"],
        body: Type.Object({ tickets: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }) }),
        response: answered("{user, tickets}"),
      },
    },
    async (request) =>
      fileInfo.json(request, { method: "POST", path: "/ticket-deleter", json: { tickets: request.body.tickets } }),
  );

  app.post(
    "/secured/filesystem/anon-files",
    {
      config: fieldCodes,
      schema: {
        summary: "Make files readable by anyone, with their anonymous URLs",
        tags: ["filesystem"],
        body: PathsBody,
        response: answered("{user, paths: {path: url}}"),
      },
    },
    async (request) =>
      fileInfo.json(request, {
        method: "POST",
        path: "/anonymizer",
        json: { paths: checkedPaths(request.body.paths) },
      }),
  );
};
