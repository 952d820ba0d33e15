import { Type } from "typebox";
import { DateString } from "./apps.js";
import { Uuid } from "./common.js";

/** common-swagger-api src/common_swagger_api/schema/apps/reference_genomes.clj `ReferenceGenome`. */
export const ReferenceGenome = Type.Object({
  id: Uuid,
  name: Type.String(),
  path: Type.String(),
  deleted: Type.Optional(Type.Boolean()),
  created_by: Type.String(),
  created_on: Type.Optional(DateString),
  last_modified_by: Type.String(),
  last_modified_on: Type.Optional(DateString),
});

/** reference_genomes.clj `ReferenceGenomesList`. */
export const ReferenceGenomesList = Type.Object({ genomes: Type.Array(ReferenceGenome) });
