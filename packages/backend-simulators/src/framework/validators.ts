import { type RouteValidator, validatorOnFirstUse } from "@de-gateway/service-kit";
import { AjvCompiler } from "@fastify/ajv-compiler";
import type { FastifyInstance, FastifySchemaValidationError } from "fastify";
import { PREDICATES } from "./schema-refusals.js";

/** Fastify's wording of a refused request (`<part><path> <problem>`), for the first refused field only. */
export function firstRefusalOnly(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const [first] = errors;
  return new Error(first ? `${dataVar}${first.instancePath ?? ""} ${first.message ?? "is not valid"}` : dataVar);
}

/**
 * Fastify's own validator compiler, its Ajv set as Fastify sets it by default but without checking each schema
 * against the meta-schema (a fifth of the simulators' start-up), each route's validator compiled on first use.
 * Schemas may name the Prismatic predicates behind their checks (an annotation the validators do not act on).
 *
 * Every refused field is reported (`allErrors`), as Prismatic schema lists them all; the error's message names the
 * first only (`firstRefusalOnly`), as the Go services' binders stop at the first. Only text is coerced: a query or
 * path value is read into the type its schema names, as the backends read them (compojure-api's string coercion,
 * Go's strconv). A JSON body is taken as sent: compojure-api's JSON coercion and
 * Go's decoder refuse `"5"` for a number and `"true"` for a boolean, where Fastify's default would coerce them.
 */
export function installValidatorsOnFirstUse(app: FastifyInstance): void {
  const compilers = AjvCompiler();
  const options = { validateSchema: false, keywords: [PREDICATES], allErrors: true };
  const compileText = compilers({}, { customOptions: options, plugins: [] });
  const compileBody = compilers({}, { customOptions: { ...options, coerceTypes: false }, plugins: [] });
  app.setValidatorCompiler((route) => {
    const compile = route.httpPart === "body" ? compileBody : compileText;
    return validatorOnFirstUse(() => compile(route) as RouteValidator);
  });
}
