import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";

// Schemas are TypeBox-built and compiled once at start: checking each against the JSON Schema meta-schema (and
// compiling that meta-schema in each Ajv instance) was a third of a service's start-up. Ajv's strict mode still
// refuses unknown keywords.
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
 */
export function installValidation(app: FastifyInstance): void {
  const forBodies = addFormats.default(new Ajv({ ...common, coerceTypes: false }));
  const forText = addFormats.default(new Ajv({ ...common, coerceTypes: "array" }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === "body" ? forBodies : forText).compile(schema));
}
