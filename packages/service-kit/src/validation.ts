import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { serializerOnFirstUse, validatorOnFirstUse } from "./compile-on-first-use.js";

// Schemas are TypeBox-built and compiled once: checking each against the JSON Schema meta-schema (and compiling
// that meta-schema in each Ajv instance) was a third of a service's start-up. Ajv's strict mode still refuses
// unknown keywords.
const common: Options = {
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
  validateSchema: false,
};

/**
 * Query strings, path parameters and headers arrive as text, so their values are coerced to the
 * declared types. JSON bodies are not: `{"description": 3}` must fail a string schema, not become "3".
 * Validators, and answers' serializers (by the compiler Fastify uses by default), are compiled on first use.
 */
export function installValidation(app: FastifyInstance): void {
  const forBodies = addFormats.default(new Ajv({ ...common, coerceTypes: false }));
  const forText = addFormats.default(new Ajv({ ...common, coerceTypes: "array" }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    validatorOnFirstUse(() => (httpPart === "body" ? forBodies : forText).compile(schema)),
  );
  const serializerFor = SerializerSelector()(app.getSchemas(), {});
  // Fastify always names the status it compiles an answer's serializer for; its type leaves that open.
  type AnswerRoute = Parameters<typeof serializerFor>[0];
  app.setSerializerCompiler((route) => serializerOnFirstUse(() => serializerFor(route as AnswerRoute)));
}
