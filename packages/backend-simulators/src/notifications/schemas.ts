import { Type } from "typebox";

/** The user a call is made for, in the query (most endpoints) or in the body (the "mark all" ones). */
export const UserOnly = Type.Object({ user: Type.String({ minLength: 1 }) });

/** Message or system message ids, as the marking endpoints take them. */
export const UuidList = Type.Object({ uuids: Type.Array(Type.String({ format: "uuid" })) });
