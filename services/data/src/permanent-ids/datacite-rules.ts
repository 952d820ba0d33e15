import type { ElementRule, ValueCheck, XmlAttributeRule } from "./avu-xml.js";

/**
 * DataCite kernel 4.2 as built from a folder's AVUs (the attribute names of the platform's DataCite metadata
 * template), in the schema's element order. Each AVU's nested AVUs give its element's XML attributes and
 * child elements.
 */

const ANY = Number.POSITIVE_INFINITY;
const DEFAULT_LANGUAGE = "en-us";

const language: XmlAttributeRule = { name: "xml:lang", fallback: DEFAULT_LANGUAGE };

const RESOURCE_TYPES = [
  "Audiovisual",
  "Collection",
  "DataPaper",
  "Dataset",
  "Event",
  "Image",
  "InteractiveResource",
  "Model",
  "PhysicalObject",
  "Service",
  "Software",
  "Sound",
  "Text",
  "Workflow",
  "Other",
];
const TITLE_TYPES = ["AlternativeTitle", "Subtitle", "TranslatedTitle", "Other"];
const CONTRIBUTOR_TYPES = [
  "ContactPerson",
  "DataCollector",
  "DataCurator",
  "DataManager",
  "Distributor",
  "Editor",
  "HostingInstitution",
  "Other",
  "Producer",
  "ProjectLeader",
  "ProjectManager",
  "ProjectMember",
  "RegistrationAgency",
  "RegistrationAuthority",
  "RelatedPerson",
  "ResearchGroup",
  "RightsHolder",
  "Researcher",
  "Sponsor",
  "Supervisor",
  "WorkPackageLeader",
];
const RELATED_IDENTIFIER_TYPES = [
  "ARK",
  "arXiv",
  "bibcode",
  "DOI",
  "EAN13",
  "EISSN",
  "Handle",
  "IGSN",
  "ISBN",
  "ISSN",
  "ISTC",
  "LISSN",
  "LSID",
  "PMID",
  "PURL",
  "UPC",
  "URL",
  "URN",
  "w3id",
];
const RELATION_TYPES = [
  "IsCitedBy",
  "Cites",
  "IsSupplementTo",
  "IsSupplementedBy",
  "IsContinuedBy",
  "Continues",
  "IsNewVersionOf",
  "IsPreviousVersionOf",
  "IsPartOf",
  "HasPart",
  "IsReferencedBy",
  "References",
  "IsDocumentedBy",
  "Documents",
  "IsCompiledBy",
  "Compiles",
  "IsVariantFormOf",
  "IsOriginalFormOf",
  "IsIdenticalTo",
  "HasMetadata",
  "IsMetadataFor",
  "Reviews",
  "IsReviewedBy",
  "IsDerivedFrom",
  "IsSourceOf",
  "Describes",
  "IsDescribedBy",
  "HasVersion",
  "IsVersionOf",
  "Requires",
  "IsRequiredBy",
  "Obsoletes",
  "IsObsoletedBy",
];
const DESCRIPTION_TYPES = ["Abstract", "Methods", "SeriesInformation", "TableOfContents", "TechnicalInfo", "Other"];
const FUNDER_IDENTIFIER_TYPES = ["ISNI", "GRID", "Crossref Funder ID", "Other"];

const year: ValueCheck = (value) => (/^\d{4}$/.test(value) ? undefined : "must be a year (YYYY)");
const within =
  (what: string, limit: number): ValueCheck =>
  (value) => {
    const number = Number(value);
    return value !== "" && Number.isFinite(number) && Math.abs(number) <= limit
      ? undefined
      : `must be a ${what} between -${limit} and ${limit}`;
  };
const longitude = within("longitude", 180);
const latitude = within("latitude", 90);

const one = { min: 1, max: 1 };
const optional = { min: 0, max: 1 };
const some = { min: 1, max: ANY };
const any = { min: 0, max: ANY };

const personDetails: ElementRule[] = [
  {
    kind: "value",
    attr: "nameIdentifier",
    tag: "nameIdentifier",
    ...any,
    attributes: [{ name: "nameIdentifierScheme", required: true }, { name: "schemeURI" }],
  },
  { kind: "value", attr: "affiliation", tag: "affiliation", ...any },
];

const coordinate = (attr: string, check: ValueCheck): ElementRule => ({
  kind: "value",
  attr,
  tag: attr,
  ...one,
  check,
});

export const DATACITE_NAMESPACE = "http://datacite.org/schema/kernel-4";
export const DATACITE_SCHEMA_LOCATION = `${DATACITE_NAMESPACE} http://schema.datacite.org/meta/kernel-4.2/metadata.xsd`;

export const DATACITE_RULES: readonly ElementRule[] = [
  {
    kind: "value",
    attr: "identifier",
    tag: "identifier",
    ...one,
    attributes: [{ name: "identifierType", required: true }],
    format: (value) => value.replace(/^doi:/, ""),
  },
  {
    kind: "wrapper",
    tag: "creators",
    children: [
      { kind: "named", attr: "creator", tag: "creator", nameTag: "creatorName", ...some, children: personDetails },
    ],
  },
  {
    kind: "wrapper",
    tag: "titles",
    children: [
      {
        kind: "value",
        attr: "title",
        tag: "title",
        ...some,
        attributes: [{ name: "titleType", allowed: TITLE_TYPES }, language],
      },
    ],
  },
  { kind: "value", attr: "publisher", tag: "publisher", ...one },
  { kind: "value", attr: "publicationYear", tag: "publicationYear", ...one, check: year },
  {
    kind: "value",
    attr: "resourceType",
    tag: "resourceType",
    ...one,
    attributes: [{ name: "resourceTypeGeneral", required: true, allowed: RESOURCE_TYPES }],
  },
  {
    kind: "wrapper",
    tag: "subjects",
    children: [
      {
        kind: "value",
        attr: "subject",
        tag: "subject",
        ...any,
        attributes: [{ name: "subjectScheme" }, { name: "schemeURI" }, { name: "valueURI" }, language],
      },
    ],
  },
  {
    kind: "wrapper",
    tag: "contributors",
    children: [
      {
        kind: "named",
        attr: "contributor",
        tag: "contributor",
        nameTag: "contributorName",
        ...any,
        attributes: [{ name: "contributorType", required: true, allowed: CONTRIBUTOR_TYPES }],
        children: personDetails,
      },
    ],
  },
  { kind: "value", attr: "language", tag: "language", ...optional, check: () => undefined },
  {
    kind: "wrapper",
    tag: "alternateIdentifiers",
    children: [
      {
        kind: "value",
        attr: "alternateIdentifier",
        tag: "alternateIdentifier",
        ...any,
        attributes: [{ name: "alternateIdentifierType", required: true }],
      },
    ],
  },
  {
    kind: "wrapper",
    tag: "relatedIdentifiers",
    children: [
      {
        kind: "value",
        attr: "relatedIdentifier",
        tag: "relatedIdentifier",
        ...any,
        attributes: [
          { name: "relatedIdentifierType", required: true, allowed: RELATED_IDENTIFIER_TYPES },
          { name: "relationType", required: true, allowed: RELATION_TYPES },
        ],
      },
    ],
  },
  { kind: "wrapper", tag: "sizes", children: [{ kind: "value", attr: "size", tag: "size", ...any }] },
  { kind: "wrapper", tag: "formats", children: [{ kind: "value", attr: "format", tag: "format", ...any }] },
  { kind: "value", attr: "version", tag: "version", ...optional },
  {
    kind: "wrapper",
    tag: "rightsList",
    children: [
      {
        kind: "value",
        attr: "rights",
        tag: "rights",
        ...any,
        attributes: [
          { name: "rightsURI" },
          { name: "rightsIdentifier" },
          { name: "rightsIdentifierScheme" },
          { name: "schemeURI" },
        ],
      },
    ],
  },
  {
    kind: "wrapper",
    tag: "descriptions",
    children: [
      {
        kind: "value",
        attr: "description",
        tag: "description",
        ...any,
        attributes: [{ name: "descriptionType", required: true, allowed: DESCRIPTION_TYPES }, language],
      },
    ],
  },
  {
    kind: "wrapper",
    tag: "geoLocations",
    children: [
      {
        kind: "group",
        attr: "geoLocation",
        tag: "geoLocation",
        ...any,
        children: [
          { kind: "value", attr: "geoLocationPlace", tag: "geoLocationPlace", ...optional },
          {
            kind: "group",
            attr: "geoLocationPoint",
            tag: "geoLocationPoint",
            ...optional,
            children: [coordinate("pointLongitude", longitude), coordinate("pointLatitude", latitude)],
          },
          {
            kind: "group",
            attr: "geoLocationBox",
            tag: "geoLocationBox",
            ...any,
            children: [
              coordinate("westBoundLongitude", longitude),
              coordinate("eastBoundLongitude", longitude),
              coordinate("southBoundLatitude", latitude),
              coordinate("northBoundLatitude", latitude),
            ],
          },
        ],
      },
    ],
  },
  {
    kind: "wrapper",
    tag: "fundingReferences",
    children: [
      {
        kind: "group",
        attr: "fundingReference",
        tag: "fundingReference",
        ...any,
        children: [
          { kind: "value", attr: "funderName", tag: "funderName", ...one },
          {
            kind: "value",
            attr: "funderIdentifier",
            tag: "funderIdentifier",
            ...optional,
            attributes: [{ name: "funderIdentifierType", required: true, allowed: FUNDER_IDENTIFIER_TYPES }],
          },
        ],
      },
    ],
  },
];
