/**
 * Deployment facts of permanent identifiers, as the reference gateway's defaults have them. Candidates for
 * configuration once the data service's Config takes them.
 */

/** Where curators publish folders that received a DOI; landing pages are addressed by this path. */
export const PUBLISH_FOLDER = "/iplant/home/shared/commons_repo/curated";
/** The landing pages' site: a DOI resolves to this base followed by the folder's published path. */
export const LANDING_PAGE_BASE = "https://datacommons.cyverse.org/browse";

/** AVU names the identifier, its type and the publication year are kept under. */
export const IDENTIFIER_ATTR = "identifier";
export const IDENTIFIER_TYPE_ATTR = "identifierType";
export const PUBLICATION_YEAR_ATTR = "publicationYear";

/** The only identifier type the gateway can mint (through DataCite). */
export const MINTABLE_TYPE = "DOI";
/** The status recorded when an identifier has been minted. */
export const COMPLETED_STATUS = "Completion";
