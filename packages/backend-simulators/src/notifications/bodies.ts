import { bind } from "../analyses/binding.js";
import { EchoError } from "../analyses/echo-errors.js";
import { invalidRequestBody } from "./service-errors.js";
import { qualified } from "./usernames.js";

/** A JSON body bound to a Go struct's fields, as the handlers' `ctx.Bind` binds it; refused as they refuse it. */
export function bound<F extends Parameters<typeof bind>[1]>(body: unknown, fields: F): ReturnType<typeof bind<F>> {
  try {
    return bind(body, fields);
  } catch (error) {
    if (error instanceof EchoError) throw invalidRequestBody(`code=400, message=${error.message}`);
    throw error;
  }
}

/** A go-playground/validator refusal, its ValidationErrors text: one line for each field that failed. */
export function validationFailed(struct: string, failures: ReadonlyArray<readonly [field: string, tag: string]>) {
  const lines = failures.map(
    ([field, tag]) => `Key: '${struct}.${field}' Error:Field validation for '${field}' failed on the '${tag}' tag`,
  );
  return invalidRequestBody(lines.join("\n"));
}

const UUID_RFC4122 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** model/main.go UUIDList (`dive,required,uuid_rfc4122`): no `uuids` at all is an empty list. */
export function uuidList(body: unknown): string[] {
  bound(body, {});
  const uuids = (body as { uuids?: unknown } | null | undefined)?.uuids ?? [];
  if (!Array.isArray(uuids) || !uuids.every((id) => id === null || typeof id === "string")) {
    throw invalidRequestBody("code=400, message=Unmarshal type error: expected=[]string, field=uuids");
  }
  const ids = uuids.map((id: string | null) => id ?? "");
  const failures = ids.flatMap((id, index) =>
    UUID_RFC4122.test(id) ? [] : [[`UUIDs[${index}]`, id === "" ? "required" : "uuid_rfc4122"] as const],
  );
  if (failures.length > 0) throw validationFailed("UUIDList", failures);
  return ids;
}

/** model/main.go UsernameWrapper (`/mark-all-seen`'s body): the user, qualified as the handler looks it up. */
export function usernameIn(body: unknown): string {
  const { user } = bound(body, { user: "string" });
  if (!user) throw validationFailed("UsernameWrapper", [["User", "required"]]);
  return qualified(user);
}
