import type { ErrorObject } from "ajv";

/** A route's validator as Fastify calls it (an Ajv validate function): `false` for invalid data, the reasons on `errors`. */
export interface RouteValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * A route's validator compiled when the route first takes a request. Compiling every route's validators and answer
 * serializers as a process starts was up to a third of its start-up CPU (apps-proxy: 0.37 s of 1.0 s; the simulators:
 * 0.32 s of 1.6 s); a route's first request pays for its own instead, a few milliseconds (docs/performance.md,
 * figure 6).
 */
export function validatorOnFirstUse(compile: () => RouteValidator): RouteValidator {
  let validate: RouteValidator | undefined;
  const validator: RouteValidator = (data) => {
    validate ??= compile();
    const valid = validate(data);
    validator.errors = validate.errors;
    return valid;
  };
  return validator;
}

/** The same for an answer's serializer, built on the route's first answer with that status. */
export function serializerOnFirstUse(build: () => (data: unknown) => string): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= build();
    return serialize(data);
  };
}
