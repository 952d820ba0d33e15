import { Type } from "typebox";
import { Uuid } from "./common.js";

// The metadata AVUs the apps service passes on from the metadata service (app metadata, community tags):
// common-swagger-api src/common_swagger_api/schema/metadata.clj (Avu, AvuList).

/** metadata.clj `Avu` (its dates are milliseconds since the epoch). */
const Avu = Type.Cyclic(
  {
    Avu: Type.Object({
      id: Uuid,
      attr: Type.String(),
      value: Type.String(),
      unit: Type.String(),
      target_id: Uuid,
      created_by: Type.String(),
      modified_by: Type.String(),
      created_on: Type.Integer(),
      modified_on: Type.Integer(),
      avus: Type.Optional(Type.Array(Type.Ref("Avu"))),
    }),
  },
  "Avu",
);

/** metadata.clj `AvuList`. */
export const AvuList = Type.Object({ avus: Type.Array(Avu) });
