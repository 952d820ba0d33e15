import { type HttpMethod, path } from "@de-gateway/backend-clients";
import { ERROR_ANSWERS } from "@de-gateway/service-kit";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type TSchema, Type } from "typebox";

// What the bags API answers (terrain routes/schemas/bags.clj; user-info bags.go): a bag's contents are any JSON object.
const BagContents = Type.Record(Type.String(), Type.Unknown(), {
  description: "the bag's contents, any JSON object (sonora keeps {items: [...]})",
});
const Bag = Type.Object(
  { id: Type.String({ format: "uuid" }), user_id: Type.String({ format: "uuid" }), contents: BagContents },
  { description: "a bag" },
);
const BagParams = Type.Object({ bagId: Type.String({ format: "uuid", description: "the bag's id" }) });
const NoContent = Type.Null({ description: "200 with no body" });

type BagRoute = {
  method: HttpMethod;
  url: string;
  summary: string;
  /** The bags API's path below the caller's own, e.g. `/default`; for `/bags/{bag-id}` the id is added. */
  below: "" | "/default" | "/:bagId";
  answer: TSchema;
};

/** The ten bag routes of terrain (routes/bags.clj), each on the same method of the bags API. */
const ROUTES: readonly BagRoute[] = [
  {
    method: "HEAD",
    url: "/bags",
    below: "",
    summary: "Whether the caller has any bag: 200, or 404",
    answer: NoContent,
  },
  {
    method: "GET",
    url: "/bags",
    below: "",
    summary: "The caller's bags",
    answer: Type.Object({ bags: Type.Array(Bag) }),
  },
  {
    method: "PUT",
    url: "/bags",
    below: "",
    summary: "Add a bag with the body as its contents",
    answer: Type.Object({ id: Type.String({ format: "uuid" }) }),
  },
  { method: "DELETE", url: "/bags", below: "", summary: "Delete all of the caller's bags", answer: NoContent },
  {
    method: "GET",
    url: "/bags/default",
    below: "/default",
    summary: "The caller's default bag, made with empty contents the first time it is asked for",
    answer: Bag,
  },
  {
    method: "POST",
    url: "/bags/default",
    below: "/default",
    summary: "Replace the default bag's contents with the body (made if missing)",
    answer: Bag,
  },
  {
    method: "DELETE",
    url: "/bags/default",
    below: "/default",
    summary: "Delete the default bag; answers the new, empty default bag the next read gives",
    answer: Bag,
  },
  { method: "GET", url: "/bags/:bagId", below: "/:bagId", summary: "One of the caller's bags", answer: Bag },
  {
    method: "POST",
    url: "/bags/:bagId",
    below: "/:bagId",
    summary: "Replace one bag's contents with the body",
    answer: NoContent,
  },
  { method: "DELETE", url: "/bags/:bagId", below: "/:bagId", summary: "Delete one bag", answer: NoContent },
];

const WITH_BODY: ReadonlySet<HttpMethod> = new Set(["PUT", "POST"]);

/** The bags API's path for the caller: the user-info bags API takes the short username as the first segment. */
function bagsPath(request: FastifyRequest, below: BagRoute["below"]): string {
  const { username } = request.user;
  if (below === "") return path`/${username}`;
  if (below === "/default") return path`/${username}/default`;
  return path`/${username}/${(request.params as { bagId: string }).bagId}`;
}

function register(app: FastifyInstance, route: BagRoute): void {
  app.route({
    method: route.method,
    url: route.url,
    // A HEAD route of its own: the GET of the same path must not make one, and the API document shows it.
    ...(route.method === "GET" && route.below === "" ? { exposeHeadRoute: false } : {}),
    ...(route.method === "HEAD" ? { config: { swagger: { exposeHeadRoute: true } } } : {}),
    schema: {
      summary: route.summary,
      tags: ["bags"],
      ...(route.below === "/:bagId" ? { params: BagParams } : {}),
      ...(WITH_BODY.has(route.method) ? { body: BagContents } : {}),
      response: { 200: route.answer, ...ERROR_ANSWERS },
    },
    handler(request: FastifyRequest, reply: FastifyReply) {
      app.backends.bags.forward(request, reply, { path: bagsPath(request, route.below) });
    },
  });
}

/**
 * The caller's bags (the web client's basket of files, apps and analyses to act on together), kept by the bags API
 * of user-info for the token's user. A body must be a JSON object (the bag's contents), checked before it is sent on.
 */
export const bagRoutes: FastifyPluginAsync = async (app) => {
  for (const route of ROUTES) register(app, route);
};
