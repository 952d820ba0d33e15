/** Fixed facts of permanent identifiers, as the reference gateway has them (where they are published is configured). */

/** AVU names the identifier, its type and the publication year are kept under. */
export const IDENTIFIER_ATTR = "identifier";
export const IDENTIFIER_TYPE_ATTR = "identifierType";
export const PUBLICATION_YEAR_ATTR = "publicationYear";

/** The only identifier type the gateway can mint (through DataCite). */
export const MINTABLE_TYPE = "DOI";
/** The status recorded when an identifier has been minted. */
export const COMPLETED_STATUS = "Completion";
