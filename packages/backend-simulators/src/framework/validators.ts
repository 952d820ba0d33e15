import { type RouteValidator, validatorOnFirstUse } from "@de-gateway/service-kit";
import { AjvCompiler } from "@fastify/ajv-compiler";
import type { FastifyInstance } from "fastify";

/**
 * Fastify's own validator compiler, its Ajv set as Fastify sets it by default but without checking each schema
 * against the meta-schema (a fifth of the simulators' start-up), each route's validator compiled on first use.
 */
export function installValidatorsOnFirstUse(app: FastifyInstance): void {
  const compile = AjvCompiler()({}, { customOptions: { validateSchema: false }, plugins: [] });
  app.setValidatorCompiler((route) => validatorOnFirstUse(() => compile(route) as RouteValidator));
}
