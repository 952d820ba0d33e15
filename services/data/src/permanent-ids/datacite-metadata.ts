import { type BackendClient, path } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { FolderMetadataShape } from "../backend-answers.js";
import { elementsOf, problemsIn } from "./avu-xml.js";
import { type Avu, firstValue } from "./avus.js";
import { DATACITE_NAMESPACE, DATACITE_RULES, DATACITE_SCHEMA_LOCATION } from "./datacite-rules.js";
import { IDENTIFIER_ATTR, IDENTIFIER_TYPE_ATTR, PUBLICATION_YEAR_ATTR } from "./settings.js";

/** What the file-info backend's `GET /data/{id}/metadata` answers (the fields read here). */
export interface FolderMetadata {
  avus?: Avu[];
  "irods-avus"?: Avu[];
}

/** A folder's metadata as the file-info backend answers it, checked for the AVU lists read here. */
export function folderMetadataOf(fileInfo: BackendClient, request: FastifyRequest, folderId: string) {
  return fileInfo.json<FolderMetadata>(request, { path: path`/data/${folderId}/metadata` }, FolderMetadataShape);
}

/**
 * The AVUs a folder's DataCite record is made of: its template AVUs, its iRODS AVUs, and this year as the
 * publication year, which the platform sets itself; `ownYear` tells that the folder's metadata holds one too.
 */
function recordAvus(metadata: FolderMetadata, year: number): { avus: Avu[]; ownYear: boolean } {
  const own = [...(metadata.avus ?? []), ...(metadata["irods-avus"] ?? [])];
  if (own.length === 0) throw badRequest("the folder has no metadata to describe it with", "ERR_BAD_REQUEST");
  const identifier = firstValue(own, IDENTIFIER_ATTR);
  if (identifier !== undefined) {
    throw badRequest("the folder's metadata already holds an identifier", "ERR_BAD_REQUEST", {
      attribute: IDENTIFIER_ATTR,
      identifier,
    });
  }
  const ownYear = own.some((avu) => avu.attr === PUBLICATION_YEAR_ATTR);
  const described = own.filter((avu) => avu.attr !== PUBLICATION_YEAR_ATTR);
  return { avus: [...described, { attr: PUBLICATION_YEAR_ATTR, value: String(year), unit: "" }], ownYear };
}

const OWN_YEAR_PROBLEM =
  `${PUBLICATION_YEAR_ATTR} is set by the platform when the DOI is published: ` +
  `remove the folder's own ${PUBLICATION_YEAR_ATTR} from its metadata`;

/**
 * The DataCite XML of a record, or 400 naming everything the metadata lacks. DataCite assigns the identifier
 * itself, but the schema requires one: a placeholder under the prefix stands in for it.
 */
function dataciteXml(avus: readonly Avu[], ownYear: boolean, identifierType: string, prefix: string): string {
  const placeholder: Avu = {
    attr: IDENTIFIER_ATTR,
    value: `${prefix}/placeholder`,
    unit: "",
    avus: [{ attr: IDENTIFIER_TYPE_ATTR, value: identifierType, unit: "" }],
  };
  const complete = [...avus, placeholder];
  const problems = [...problemsIn(DATACITE_RULES, complete), ...(ownYear ? [OWN_YEAR_PROBLEM] : [])];
  if (problems.length > 0) {
    throw badRequest(`the folder's metadata cannot make a DataCite record: ${problems.join("; ")}`, "ERR_BAD_REQUEST", {
      problems,
    });
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<resource xmlns="${DATACITE_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${DATACITE_SCHEMA_LOCATION}">${elementsOf(DATACITE_RULES, complete)}</resource>`
  );
}

export interface DataciteRecord {
  avus: Avu[];
  xml: string;
}

/** A folder's DataCite record from its metadata, or 400 saying why the metadata cannot make one. */
export function dataciteRecord(
  metadata: FolderMetadata,
  identifierType: string,
  prefix: string,
  year = new Date().getUTCFullYear(),
): DataciteRecord {
  const { avus, ownYear } = recordAvus(metadata, year);
  return { avus, xml: dataciteXml(avus, ownYear, identifierType, prefix) };
}

/** The AVUs that record a minted identifier on the folder: the identifier (with its type) and the publication year. */
export function publicationAvus(avus: readonly Avu[], identifier: string, identifierType: string): Avu[] {
  return [
    {
      attr: IDENTIFIER_ATTR,
      value: identifier,
      unit: "",
      avus: [{ attr: IDENTIFIER_TYPE_ATTR, value: identifierType, unit: "" }],
    },
    { attr: PUBLICATION_YEAR_ATTR, value: firstValue(avus, PUBLICATION_YEAR_ATTR) ?? "", unit: "" },
  ];
}
