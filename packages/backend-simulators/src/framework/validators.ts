import { type RouteValidator, validatorOnFirstUse } from "@de-gateway/service-kit";
import { AjvCompiler } from "@fastify/ajv-compiler";
import type { FastifyInstance } from "fastify";
import { PREDICATES } from "./schema-refusals.js";

/**
 * Fastify's own validator compiler, its Ajv set as Fastify sets it by default but without checking each schema
 * against the meta-schema (a fifth of the simulators' start-up), each route's validator compiled on first use.
 * Schemas may name the Prismatic predicates behind their checks (an annotation the validators do not act on).
 */
export function installValidatorsOnFirstUse(app: FastifyInstance): void {
  const compile = AjvCompiler()({}, { customOptions: { validateSchema: false, keywords: [PREDICATES] }, plugins: [] });
  app.setValidatorCompiler((route) => validatorOnFirstUse(() => compile(route) as RouteValidator));
}
