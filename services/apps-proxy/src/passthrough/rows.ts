import type { Access } from "@de-gateway/auth";
import type { HttpMethod } from "@de-gateway/backend-clients";

/**
 * One passthrough endpoint: the public method and path (catalogue syntax, `{param}` placeholders),
 * what it does, and where it goes. By default it goes to the apps backend at the same method and path,
 * and is for signed-in users, or administrators under `/admin/`.
 */
export interface PassthroughRow {
  method: HttpMethod;
  path: string;
  summary: string;
  backend?: "apps" | "metadata";
  backendPath?: string;
  auth?: Access;
}

/** Rows of one resource family, tagged for the API description. */
export interface PassthroughFamily {
  tag: string;
  rows: readonly PassthroughRow[];
}

export const accessOf = (row: PassthroughRow): Access =>
  row.auth ?? (row.path.startsWith("/admin/") ? "admin" : "user");
