import { Type } from "typebox";
import { Uuid } from "./common.js";

// The building blocks the app editor lists: common-swagger-api src/common_swagger_api/schema/apps/elements.clj
// (DataSourceListing … ValueTypeListing) and cyverse-de/apps src/apps/metadata/element_listings.clj, which answers
// `/apps/elements` with all the listings merged and each `/apps/elements/{element-type}` with its own.

const named = { id: Uuid, name: Type.String() };

/** elements.clj `DataSourceListing`. */
const dataSources = {
  data_sources: Type.Array(Type.Object({ ...named, description: Type.String(), label: Type.String() })),
};
/** elements.clj `FileFormatListing` and `InfoTypeListing`. */
const formats = { formats: Type.Array(Type.Object({ ...named, label: Type.Optional(Type.String()) })) };
const infoTypes = { info_types: Type.Array(Type.Object({ ...named, label: Type.Optional(Type.String()) })) };
/** elements.clj `ParameterTypeListing`. */
const parameterTypes = {
  parameter_types: Type.Array(
    Type.Object({ ...named, description: Type.Optional(Type.String()), value_type: Type.String() }),
  ),
};
/** elements.clj `RuleTypeListing`. */
const ruleTypes = {
  rule_types: Type.Array(
    Type.Object({
      ...named,
      description: Type.Optional(Type.String()),
      rule_description_format: Type.String(),
      subtype: Type.String(),
      value_types: Type.Array(Type.String()),
    }),
  ),
};
/** elements.clj `ToolTypeListing` and `ValueTypeListing`. */
const toolTypes = {
  tool_types: Type.Array(Type.Object({ ...named, description: Type.Optional(Type.String()), label: Type.String() })),
};
const valueTypes = { value_types: Type.Array(Type.Object({ ...named, description: Type.String() })) };
/** The tools the caller may use (element_listings.clj list-tools: tools.clj `ToolListingItem`s, no total). */
const tools = {
  tools: Type.Array(Type.Object({ ...named, version: Type.String(), type: Type.String() })),
};

/** Every listing at once (`GET /apps/elements`). */
export const AppElements = Type.Object({
  ...dataSources,
  ...formats,
  ...infoTypes,
  ...parameterTypes,
  ...ruleTypes,
  ...toolTypes,
  ...valueTypes,
  ...tools,
});

/** One listing (`GET /apps/elements/{element-type}`), whichever the type names. */
export const AppElementListing = Type.Union(
  [dataSources, formats, infoTypes, parameterTypes, ruleTypes, toolTypes, valueTypes, tools].map((listing) =>
    Type.Object(listing),
  ),
);
