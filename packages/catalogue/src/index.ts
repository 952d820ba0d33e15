export {
  type CatalogueAuth,
  type CatalogueRow,
  COMPANION_FILES,
  catalogueFile,
  companionFile,
  fastifyPath,
  readCatalogue,
  readCatalogueFile,
  rowKey,
} from "./catalogue.js";
export {
  accessMatches,
  builtRows,
  CONFORMANT,
  type ConformanceReport,
  conformance,
  type RouteEntry,
  readPending,
} from "./conformance.js";
