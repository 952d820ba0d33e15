import { Type } from "typebox";
import { NonBlankString, Uuid } from "./common.js";

// Who integrated apps and tools: common-swagger-api src/common_swagger_api/schema/integration_data.clj
// (IntegrationData, IntegrationDataListing).

/** integration_data.clj `IntegrationData`. */
export const IntegrationData = Type.Object({
  id: Uuid,
  email: NonBlankString,
  name: NonBlankString,
  username: Type.Optional(NonBlankString),
});

/** integration_data.clj `IntegrationDataListing`. */
export const IntegrationDataListing = Type.Object({
  integration_data: Type.Array(IntegrationData),
  total: Type.Integer(),
});
