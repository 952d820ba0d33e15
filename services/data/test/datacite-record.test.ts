import { describe, expect, it } from "vitest";
import { dataciteRecord } from "../src/permanent-ids/datacite-metadata.js";
import { type Avu, avu } from "./support.js";

/** The least metadata that makes a record: one of each required element. */
const REQUIRED = [
  avu("title", "Runs"),
  avu("creator", "Liddell, Alice"),
  avu("publisher", "CyVerse Data Commons"),
  avu("resourceType", "Measurements", avu("resourceTypeGeneral", "Dataset")),
];

const record = (avus: Avu[], irodsAvus: Avu[] = []) =>
  dataciteRecord({ avus, "irods-avus": irodsAvus }, "DOI", "10.5072", 2026);

/** The problems a refused record names. */
function problemsOf(avus: Avu[]): string[] {
  try {
    record(avus);
  } catch (error) {
    return (error as { details?: { problems?: string[] } }).details?.problems ?? [String(error)];
  }
  throw new Error("the record was made");
}

describe("the DataCite record made from a folder's metadata", () => {
  it("writes a geolocation's place, point and box as nested elements, values trimmed", () => {
    const { xml } = record([
      ...REQUIRED,
      avu(
        "geoLocation",
        "",
        avu("geoLocationPlace", " Tucson "),
        avu("geoLocationPoint", "", avu("pointLongitude", "-110.9"), avu("pointLatitude", "32.2")),
        avu(
          "geoLocationBox",
          "",
          avu("westBoundLongitude", "-111"),
          avu("eastBoundLongitude", "-110"),
          avu("southBoundLatitude", "32"),
          avu("northBoundLatitude", "33"),
        ),
      ),
    ]);
    expect(xml).toContain(
      "<geoLocations><geoLocation><geoLocationPlace>Tucson</geoLocationPlace>" +
        "<geoLocationPoint><pointLongitude>-110.9</pointLongitude><pointLatitude>32.2</pointLatitude></geoLocationPoint>" +
        "<geoLocationBox><westBoundLongitude>-111</westBoundLongitude><eastBoundLongitude>-110</eastBoundLongitude>" +
        "<southBoundLatitude>32</southBoundLatitude><northBoundLatitude>33</northBoundLatitude></geoLocationBox>" +
        "</geoLocation></geoLocations>",
    );
    expect(xml).toContain('<titles><title xml:lang="en-us">Runs</title></titles>');
    expect(xml).toContain("<publicationYear>2026</publicationYear>");
  });

  it("names each coordinate out of range, or not a number, by where it is", () => {
    const point = (longitude: string, latitude: string) =>
      avu(
        "geoLocation",
        "",
        avu("geoLocationPoint", "", avu("pointLongitude", longitude), avu("pointLatitude", latitude)),
      );
    expect(record([...REQUIRED, point("180", "-90")]).xml).toContain("<pointLongitude>180</pointLongitude>");
    expect(problemsOf([...REQUIRED, point("180.5", "north")])).toEqual([
      "geoLocation.geoLocationPoint.pointLongitude must be a longitude between -180 and 180",
      "geoLocation.geoLocationPoint.pointLatitude must be a latitude between -90 and 90",
    ]);
    expect(problemsOf([...REQUIRED, point("", "-90.1")])).toEqual([
      "geoLocation.geoLocationPoint.pointLongitude must be a longitude between -180 and 180",
      "geoLocation.geoLocationPoint.pointLatitude must be a latitude between -90 and 90",
    ]);
  });

  it("refuses a value an attribute does not allow, naming the ones it does", () => {
    const [title, creator, publisher] = REQUIRED as [Avu, Avu, Avu];
    const problems = problemsOf([
      title,
      creator,
      publisher,
      avu("resourceType", "Measurements", avu("resourceTypeGeneral", "Spreadsheet")),
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^resourceType: resourceTypeGeneral "Spreadsheet" is not one of Audiovisual, .*Dataset/,
    );
  });

  it("reads the folder's iRODS AVUs as well as its template AVUs", () => {
    const [title, creator, publisher, resourceType] = REQUIRED as [Avu, Avu, Avu, Avu];
    const { xml } = record([title, creator, resourceType], [publisher]);
    expect(xml).toContain("<publisher>CyVerse Data Commons</publisher>");
  });

  it("writes the whole record: every creator in order with its details, no empty attribute, no empty wrapper", () => {
    const [title, , publisher, resourceType] = REQUIRED as [Avu, Avu, Avu, Avu];
    const identified = avu(
      "creator",
      "Liddell, Alice",
      avu("nameIdentifier", "0000-0001", avu("nameIdentifierScheme", "ORCID"), avu("schemeURI", "")),
    );
    const { xml } = record([
      title,
      identified,
      avu("creator", "Hatter, The", avu("affiliation", "Tea Party")),
      publisher,
      resourceType,
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><resource xmlns="http://datacite.org/schema/kernel-4" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://datacite.org/schema/kernel-4 ' +
        'http://schema.datacite.org/meta/kernel-4.2/metadata.xsd">' +
        '<identifier identifierType="DOI">10.5072/placeholder</identifier>' +
        "<creators>" +
        '<creator><creatorName>Liddell, Alice</creatorName><nameIdentifier nameIdentifierScheme="ORCID">0000-0001</nameIdentifier></creator>' +
        "<creator><creatorName>Hatter, The</creatorName><affiliation>Tea Party</affiliation></creator>" +
        "</creators>" +
        '<titles><title xml:lang="en-us">Runs</title></titles><publisher>CyVerse Data Commons</publisher>' +
        '<publicationYear>2026</publicationYear><resourceType resourceTypeGeneral="Dataset">Measurements</resourceType>' +
        "</resource>",
    );
  });

  it("names problems inside a creator, and a count out of its range with the range", () => {
    expect(
      problemsOf([
        ...REQUIRED,
        avu("creator", "Hatter, The", avu("nameIdentifier", "0000-0002")),
        avu("language", "en"),
        avu("language", "fr"),
      ]),
    ).toEqual(["creator.nameIdentifier needs a nested nameIdentifierScheme", "language: found 2, expected 0 to 1"]);
  });

  it("refuses a folder that already has a publication year of its own, since the platform sets it", () => {
    expect(problemsOf([...REQUIRED, avu("publicationYear", "2020")])).toEqual([
      "publicationYear is set by the platform when the DOI is published: remove the folder's own publicationYear from its metadata",
    ]);
  });
});
