import type { FastifyReply } from "fastify";
import { type Static, Type } from "typebox";

export const Uuid = Type.String({ format: "uuid" });

/** The kinds of data item the backend tells apart. */
export const DataType = Type.Enum(["file", "folder"]);
export type DataType = Static<typeof DataType>;

export const DataTypeQuery = Type.Object({ "data-type": DataType });
export type DataTypeQuery = Static<typeof DataTypeQuery>;

/** Path parameters naming one data item (or other target) by UUID. */
export const TargetParams = Type.Object({ targetId: Uuid });
export type TargetParams = Static<typeof TargetParams>;

/** A non-blank string, as the backend's schemas demand for names and values. */
export const NonBlank = (options: { maxLength?: number } = {}) => Type.String({ pattern: "\\S", ...options });

/** UUIDs the way the backend stores and prints them, whatever case the caller used. */
export const canonicalUuid = (id: string): string => id.toLowerCase();

/** 200 without a body: the backend's answer to a change that has nothing to report. */
export const emptyOk = (reply: FastifyReply) => reply.code(200).send();
