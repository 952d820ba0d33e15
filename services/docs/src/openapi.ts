/** The parts of an OpenAPI 3.1 document the merge reads and writes; everything else is carried over as it is. */
export type Operation = Record<string, unknown> & { tags?: string[]; security?: unknown[] };
export type PathItem = Record<string, Operation>;

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths?: Record<string, PathItem>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  security?: unknown[];
  tags?: Array<{ name: string; description?: string }>;
  [extension: `x-${string}`]: unknown;
}

/** The HTTP methods of a path item (its other keys, such as `parameters`, are not operations). */
export const OPERATION_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
