import type { FastifyInstance, FastifyRequest } from "fastify";
import { type TSchema, Type } from "typebox";
import { Compile, type Validator } from "typebox/compile";

/**
 * The answers one simulator route gives, by status, each the response schema the real backend declares for it
 * (taken from the backend's own source, cited where the schema is written). A simulator answer that does not
 * match is a simulator bug: the gateway's tests would pass against a shape production never sends.
 */
export type AnswerSchemas = Readonly<Partial<Record<number, TSchema>>>;

declare module "fastify" {
  interface FastifyContextConfig {
    answers?: AnswerSchemas;
  }
}

/** The answer of a route that answers its status with no body at all (Go handlers that only write a status). */
export const NoBody = Type.Null({ description: "no body" });

/** Route options declaring a route's answers: `app.get("/apps", answers({ 200: AppListing }), handler)`. */
export const answers = (schemas: AnswerSchemas) => ({ config: { answers: schemas } });

/** A simulator answer that did not match its route's schema. */
export interface AnswerMismatch {
  simulator: string;
  method: string;
  route: string;
  url: string;
  status: number;
  /** The first few schema errors, `instancePath: message`. */
  errors: string[];
}

/** A route a simulator serves, with the answers it declares (none yet: see test/answers-pending.txt). */
export interface DeclaredRoute {
  method: string;
  url: string;
  answers: AnswerSchemas | undefined;
}

const validators = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/** Checks one answer against a schema; the errors as `instancePath: message`, none when it matches. */
export function answerErrors(schema: TSchema, value: unknown, most = 5): string[] {
  const validator = validatorOf(schema);
  if (validator.Check(value)) return [];
  return [...validator.Errors(value)].slice(0, most).map((error) => `${error.instancePath || "/"}: ${error.message}`);
}

const isJson = (contentType: unknown) => typeof contentType === "string" && contentType.includes("json");

/** What is wrong with an answer that should have no body. */
const bodyErrors = (payload: unknown): string[] =>
  (typeof payload === "string" || Buffer.isBuffer(payload)) && payload.length > 0
    ? ["/: a body where none is sent"]
    : [];

const isText = (contentType: unknown) => typeof contentType === "string" && contentType.startsWith("text/plain");

/**
 * What is wrong with an answer read as text: JSON where it is labelled so, and where it is labelled plain text
 * (user-info writes its JSON without a content type, and Go labels it text/plain) the text itself, or else the
 * JSON it holds. Streamed answers and other types are not read.
 */
function textErrors(schema: TSchema, payload: unknown, contentType: unknown): string[] {
  if (typeof payload !== "string") return [];
  if (isJson(contentType)) {
    try {
      return answerErrors(schema, JSON.parse(payload));
    } catch {
      return ["/: not JSON"];
    }
  }
  if (!isText(contentType)) return [];
  const asText = answerErrors(schema, payload);
  if (!asText.length) return [];
  try {
    return answerErrors(schema, JSON.parse(payload));
  } catch {
    return asText;
  }
}

/**
 * Checks every JSON answer a route handler gives against the schema its route declares for that status, and
 * keeps what does not match. Answers a fault made (a test's deliberately wrong backend) are not the route's
 * and are not checked.
 */
export function installAnswerCheck(
  app: FastifyInstance,
  simulator: string,
  routes: DeclaredRoute[],
  mismatches: AnswerMismatch[],
): void {
  const handled = new WeakSet<FastifyRequest>();
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/__sim/")) return;
    // A HEAD answer has no body to check.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== "HEAD");
    for (const method of methods) routes.push({ method, url: route.url, answers: route.config?.answers });
  });
  app.addHook("preHandler", (request, _reply, done) => {
    handled.add(request);
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const schema = request.routeOptions.config?.answers?.[reply.statusCode];
    if (schema && handled.has(request)) {
      const errors =
        schema === NoBody ? bodyErrors(payload) : textErrors(schema, payload, reply.getHeader("content-type"));
      if (errors.length) {
        const mismatch = {
          simulator,
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          url: request.url,
          status: reply.statusCode,
          errors,
        };
        mismatches.push(mismatch);
        request.log.warn({ mismatch }, "simulator answer does not match the backend's schema");
      }
    }
    done(null, payload);
  });
}

/** What a test prints when simulators answered outside their schemas: each route once, with its first errors. */
export function describeMismatches(mismatches: readonly AnswerMismatch[]): string {
  const byRoute = new Map<string, AnswerMismatch>();
  for (const mismatch of mismatches) {
    const key = `${mismatch.simulator} ${mismatch.method} ${mismatch.route} ${mismatch.status}`;
    if (!byRoute.has(key)) byRoute.set(key, mismatch);
  }
  const lines = [...byRoute.entries()].map(
    ([key, mismatch]) => `- ${key} (${mismatch.url}): ${mismatch.errors.join("; ")}`,
  );
  return `simulator answers that do not match the backends' schemas:\n${lines.join("\n")}`;
}
