import { badGateway } from "@de-gateway/service-kit";
import type { TSchema } from "typebox";
import { Value } from "typebox/value";

/**
 * Checks a backend's successful answer against the shape a handler reads from it. An answer without it (a null,
 * a list where an object belongs, a field of another type) means the backend failed: 502, not the TypeError a
 * handler would otherwise meet halfway through its work.
 */
export function expectShape(backend: string, body: unknown, shape: TSchema): void {
  if (Value.Check(shape, body)) return;
  const first = Value.Errors(shape, body)[0];
  const where = first?.instancePath ? ` at ${first.instancePath}` : "";
  throw badGateway(`the ${backend} backend answered in an unexpected shape${where}`);
}
