import type { BackendResponse } from "@de-gateway/backend-clients";
import type { FastifyReply } from "fastify";

/** Answers with what the backend answered: its status, content type and body. */
export function relay(reply: FastifyReply, answer: BackendResponse): FastifyReply {
  const type = answer.headers["content-type"];
  if (type) reply.type(String(type));
  const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
  return reply
    .code(answer.status)
    .serializer((payload) => payload as string)
    .send(body);
}
