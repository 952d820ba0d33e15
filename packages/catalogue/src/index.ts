export { type CatalogueRow, catalogueFile, fastifyPath, readCatalogue, rowKey } from "./catalogue.js";
export { CONFORMANT, type ConformanceReport, conformance, type RouteEntry, readPending } from "./conformance.js";
