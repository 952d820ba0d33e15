export {
  type CatalogueRow,
  catalogueFile,
  extraCatalogueFile,
  fastifyPath,
  readCatalogue,
  readCatalogueFile,
  rowKey,
} from "./catalogue.js";
export { CONFORMANT, type ConformanceReport, conformance, type RouteEntry, readPending } from "./conformance.js";
