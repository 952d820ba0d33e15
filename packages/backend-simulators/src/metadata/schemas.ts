import type { FastifyReply } from "fastify";
import { type Static, Type } from "typebox";
import { PREDICATES } from "../framework/schema-refusals.js";

export const Uuid = Type.String({ format: "uuid" });

/** The kinds of data item the backend tells apart. */
export const DataType = Type.Enum(["file", "folder"]);
export type DataType = Static<typeof DataType>;

export const DataTypeQuery = Type.Object({ "data-type": DataType });
export type DataTypeQuery = Static<typeof DataTypeQuery>;

/** Path parameters naming one data item by UUID (the service's `data-id`). */
export const DataItemParams = Type.Object({ dataId: Uuid });
export type DataItemParams = Static<typeof DataItemParams>;

/**
 * A non-blank string, as the backend's schemas demand for names and values (common-swagger-api NonBlankString), at
 * most `maxLength` long when given, which `sizeCheck` names.
 */
export const NonBlank = (limit?: { maxLength: number; sizeCheck: string }) =>
  Type.String({
    pattern: "\\S",
    ...(limit ? { maxLength: limit.maxLength } : {}),
    [PREDICATES]: { pattern: "non-blank-string?", ...(limit ? { maxLength: limit.sizeCheck } : {}) },
  });

/** UUIDs the way the backend stores and prints them, whatever case the caller used. */
export const canonicalUuid = (id: string): string => id.toLowerCase();

/** 200 without a body: the backend's answer to a change that has nothing to report. */
export const emptyOk = (reply: FastifyReply) => reply.code(200).send();
