import { Ajv, type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";

const common: Options = { useDefaults: true, removeAdditional: true, addUsedSchema: false, allErrors: false };

/**
 * Query strings, path parameters and headers arrive as text, so their values are coerced to the
 * declared types. JSON bodies are not: `{"description": 3}` must fail a string schema, not become "3".
 */
export function installValidation(app: FastifyInstance): void {
  const forBodies = addFormats.default(new Ajv({ ...common, coerceTypes: false }));
  const forText = addFormats.default(new Ajv({ ...common, coerceTypes: "array" }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === "body" ? forBodies : forText).compile(schema));
}
