import { CURATORS_ADDRESS, DOI_REQUEST, seedId } from "@de-gateway/backend-simulators";
import { describe, expect, it } from "vitest";
import { type Avu, avu, HOME, seeded, startData, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const ANALYSES_PATH = `${HOME("alice")}/analyses`;
/** alice's folder holding a folder: what she asks identifiers for. */
const ANALYSES = seeded("alice", "analyses");
const EMPTY_FOLDER = seeded("alice", "documents");
const NOTES = seeded("alice", "notes.txt");
/** alice's folder shared read-only with bob. */
const SHARED_WITH_BOB = seeded("alice", "shared-with-bob");
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
/** alice as the groups backend knows her, the way a request's details show its requester. */
const ALICE = {
  username: "alice",
  firstname: "Alice",
  lastname: "Liddell",
  name: "Alice Liddell",
  email: "alice@example.org",
  institution: "Wonderland University",
};
const YEAR = String(new Date().getUTCFullYear());
const STAGED_PATH = "/iplant/home/shared/commons_repo/staging/analyses";
const PUBLISHED_PATH = "/iplant/home/shared/commons_repo/curated/analyses";
const LANDING_PAGE = `https://datacommons.cyverse.org/browse${PUBLISHED_PATH}`;

/** Metadata that makes a complete DataCite record (the platform adds the publication year and identifier). */
const DESCRIBED = [
  avu("title", "Depth & temperature <runs>"),
  avu(
    "creator",
    "Liddell, Alice",
    avu("affiliation", "Wonderland University"),
    avu("nameIdentifier", "0000-0002-1825-0097", avu("nameIdentifierScheme", "ORCID")),
  ),
  avu("publisher", "CyVerse Data Commons"),
  avu("resourceType", "Measurements", avu("resourceTypeGeneral", "Dataset")),
  avu("description", "Two runs.", avu("descriptionType", "Abstract")),
  avu("subject", "temperature"),
];

/** Replaces a folder's metadata through the data service, as its owner. */
async function setMetadata(user: string, id: string, avus: Avu[]) {
  const response = await send(user, "POST", `/secured/filesystem/${id}/metadata`, { avus });
  expect(response.statusCode, response.body).toBe(200);
}

async function requestDoi(folder = ANALYSES, user = "alice") {
  const response = await send(user, "POST", "/permanent-id-requests", { type: "DOI", folder });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; [field: string]: unknown };
}

/** alice's described analyses folder with a DOI request: staged, so the curators own it. */
async function stagedRequest(): Promise<string> {
  await setMetadata("alice", ANALYSES, DESCRIBED);
  const { id } = await requestDoi();
  return id;
}

/** Where a folder is and what the user may do with it, as the file-info backend says. */
async function statOf(id: string, user: string) {
  const response = await send(user, "POST", "/secured/filesystem/stat", { ids: [id] });
  return response.statusCode === 200 ? response.json().ids[id] : response.json();
}

const metadataCalls = (method: string, path: string | RegExp) => service.platform.metadata.recorder.to(method, path);
/** The requests the tests make: the seed's (alice's staged lake survey, DOI_REQUEST) is left out. */
const storedRequests = () =>
  [...service.platform.metadata.state.permanentIdRequests.requests.values()].filter(
    (request) => request.id !== DOI_REQUEST.id,
  );
const notices = () => service.platform.notifications.state.intake.messages;
const curatorMails = () => service.platform.smtp.mails.filter((mail) => mail.to.includes(CURATORS_ADDRESS));
const mintedDois = () => [...service.platform.datacite.state.dois.dois.values()];

describe("GET /permanent-id-requests/status-codes and /types", () => {
  it("passes the metadata backend's lists on, for the caller", async () => {
    const codes = await send("alice", "GET", "/permanent-id-requests/status-codes");
    expect(codes.statusCode).toBe(200);
    expect(codes.json().status_codes.map((code: { name: string }) => code.name)).toContain("Submitted");
    const types = await send("alice", "GET", "/permanent-id-requests/types");
    expect(types.statusCode).toBe(200);
    expect(types.json().request_types.map((type: { type: string }) => type.type)).toEqual(["DOI", "ARK"]);
    expect(metadataCalls("GET", "/permanent-id-requests/types")[0]?.query).toEqual({ user: "alice" });
  });

  it("needs a signed-in caller (401)", async () => {
    expect((await send(undefined, "GET", "/permanent-id-requests/types")).statusCode).toBe(401);
    expect((await send(undefined, "GET", "/permanent-id-requests/status-codes")).statusCode).toBe(401);
  });
});

describe("POST /permanent-id-requests", () => {
  it("answers 502, recording nothing, when the folder's metadata comes back as something else", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-200", body: { avus: "x" }, method: "GET", path: "/metadata$" });
    const requested = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(requested.statusCode).toBe(502);
    expect(requested.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    expect(metadataCalls("POST", "/permanent-id-requests")).toEqual([]);
  });

  it("does not move the folder to the curators when the metadata backend's record of the request is not one", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    service.platform.metadata.faults.set({
      mode: "json-200",
      body: {},
      method: "POST",
      path: "^/permanent-id-requests$",
    });
    const requested = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(requested.statusCode).toBe(502);
    expect(requested.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    service.platform.metadata.faults.clear();
    const where = await send("alice", "POST", "/secured/filesystem/exists", { paths: [ANALYSES_PATH, STAGED_PATH] });
    expect(where.json()).toEqual({ paths: { [ANALYSES_PATH]: true, [STAGED_PATH]: false } });
  });

  it("records the request for the caller's described folder, stages the folder for the curators, shows it and tells the caller and the curators", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    const created = await requestDoi();
    expect(created).toMatchObject({
      type: "DOI",
      requested_by: ALICE,
      original_path: ANALYSES_PATH,
      history: [{ status: "Submitted", updated_by: "alice" }],
      folder: { id: ANALYSES, path: STAGED_PATH, type: "dir", permission: "write" },
    });
    // Staged: the curators own it, alice may still write to it but no longer move or delete it, bob still cannot read it.
    expect(await statOf(ANALYSES, "carol")).toMatchObject({ path: STAGED_PATH, permission: "own" });
    expect((await statOf(ANALYSES, "bob")).error_code).toBe("ERR_NOT_READABLE");
    const moveAway = await send("alice", "POST", "/secured/filesystem/move", {
      sources: [STAGED_PATH],
      dest: HOME("alice"),
    });
    expect(moveAway.json().error_code).toBe("ERR_NOT_OWNER");
    expect(curatorMails()).toEqual([
      expect.objectContaining({
        subject: "New DOI permanent ID request",
        text: `Alice Liddell (alice, alice@example.org) requests a DOI for ${STAGED_PATH}.\nRequest: ${created.id}\n`,
      }),
    ]);
    expect(created).not.toHaveProperty("target_id");
    expect(metadataCalls("POST", "/permanent-id-requests")[0]?.body).toEqual({
      type: "DOI",
      target_id: ANALYSES,
      target_type: "folder",
      original_path: ANALYSES_PATH,
    });
    expect(notices()).toEqual([
      expect.objectContaining({
        user: "alice",
        type: "permanent_id_request",
        subject: "DOI request submitted for analyses",
        email: true,
        payload: { email_address: "alice@example.org", uuid: created.id },
      }),
    ]);
  });

  it.each([
    ["a folder of someone else's the caller can read", "bob", SHARED_WITH_BOB, 403, "ERR_NOT_OWNER"],
    ["a folder the caller cannot read", "bob", ANALYSES, 403, "ERR_NOT_READABLE"],
    ["a folder that does not exist", "alice", UNKNOWN, 404, "ERR_DOES_NOT_EXIST"],
    ["a file", "alice", NOTES, 400, "ERR_BAD_OR_MISSING_FIELD"],
    ["an empty folder", "alice", EMPTY_FOLDER, 400, "ERR_BAD_OR_MISSING_FIELD"],
  ])("refuses %s and records nothing", async (_case, user, folder, status, code) => {
    const response = await send(user, "POST", "/permanent-id-requests", { type: "DOI", folder });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error_code).toBe(code);
    expect(storedRequests()).toHaveLength(0);
  });

  it("names what is wrong with a file or an empty folder, and takes a folder that holds only files", async () => {
    const file = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: NOTES });
    expect(file.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: `${HOME("alice")}/notes.txt is not a folder`,
      folder: NOTES,
    });
    const empty = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: EMPTY_FOLDER });
    expect(empty.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: `${HOME("alice")}/documents is empty`,
      folder: EMPTY_FOLDER,
    });
    const saved = await send("alice", "POST", "/secured/fileio/saveas", {
      dest: `${HOME("alice")}/documents/one.txt`,
      content: "one file",
    });
    expect(saved.statusCode).toBe(200);
    await setMetadata("alice", EMPTY_FOLDER, DESCRIBED);
    const filesOnly = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: EMPTY_FOLDER });
    expect(filesOnly.statusCode, filesOnly.body).toBe(200);
  });

  it("refuses a folder without metadata, or whose metadata cannot make a DataCite record, naming what is wrong", async () => {
    const bare = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringContaining("no metadata"),
    });

    const incomplete = DESCRIBED.filter((entry) => entry.attr !== "publisher").map((entry) =>
      entry.attr === "resourceType" ? avu("resourceType", "Measurements") : entry,
    );
    await setMetadata("alice", ANALYSES, [...incomplete, avu("publicationYear", "2020"), avu("title", "")]);
    const refused = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().problems).toEqual([
      "title needs a value",
      "publisher: found 0, expected exactly 1",
      "resourceType needs a nested resourceTypeGeneral",
      "publicationYear is set by the platform when the DOI is published: remove the folder's own publicationYear from its metadata",
    ]);
    expect(storedRequests()).toHaveLength(0);
  });

  it("refuses a folder whose metadata already holds an identifier", async () => {
    await setMetadata("alice", ANALYSES, [
      ...DESCRIBED,
      avu("identifier", "10.1234/abcd", avu("identifierType", "DOI")),
    ]);
    const response = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", identifier: "10.1234/abcd" });
  });

  it("passes the metadata backend's refusals on, moving nothing: an unknown type, a second request of a type for the folder", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    const unknownType = await send("alice", "POST", "/permanent-id-requests", { type: "ISBN", folder: ANALYSES });
    expect(unknownType.statusCode).toBe(400);
    expect(await statOf(ANALYSES, "alice")).toMatchObject({ path: ANALYSES_PATH, permission: "own" });
    await requestDoi();
    // Once staged the folder is the curators'; one of them asking again meets the metadata backend's refusal.
    const again = await send("carol", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(again.statusCode).toBe(400);
    expect(again.json().error_code).toBe("ERR_NOT_UNIQUE");
    const byRequester = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(byRequester.json().error_code).toBe("ERR_NOT_OWNER");
    expect(storedRequests()).toHaveLength(1);
  });

  it("refuses a folder whose name is already staged or published by another request (409), recording and moving nothing", async () => {
    const bobsAnalyses = seeded("bob", "analyses");
    await setMetadata("bob", bobsAnalyses, DESCRIBED);
    const { id } = await requestDoi(bobsAnalyses, "bob");
    await setMetadata("alice", ANALYSES, DESCRIBED);
    const whileStaged = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(whileStaged.statusCode).toBe(409);
    expect(whileStaged.json()).toMatchObject({
      error_code: "ERR_EXISTS",
      path: STAGED_PATH,
      reason: expect.stringContaining("already been submitted"),
    });
    expect((await send("carol", "POST", `/admin/permanent-id-requests/${id}/ezid`)).statusCode).toBe(200);
    const oncePublished = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(oncePublished.statusCode).toBe(409);
    expect(oncePublished.json()).toMatchObject({
      error_code: "ERR_EXISTS",
      path: PUBLISHED_PATH,
      reason: "a folder named analyses has already been published with a permanent identifier",
    });
    expect(storedRequests()).toHaveLength(1);
    expect(await statOf(ANALYSES, "alice")).toMatchObject({ path: ANALYSES_PATH, permission: "own" });
  });

  it("refuses a home folder and a folder in the trash, which cannot be given to the curators", async () => {
    const home = seedId(HOME("alice"));
    await setMetadata("alice", home, DESCRIBED);
    const forHome = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: home });
    expect(forHome.statusCode).toBe(400);
    expect(forHome.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD", folder: home });
    await setMetadata("alice", ANALYSES, DESCRIBED);
    expect((await send("alice", "POST", "/secured/filesystem/delete", { paths: [ANALYSES_PATH] })).statusCode).toBe(
      200,
    );
    const inTrash = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(inTrash.statusCode).toBe(400);
    expect(inTrash.json().error_code).toBe("ERR_BAD_OR_MISSING_FIELD");
    expect(storedRequests()).toHaveLength(0);
  });

  it("keeps the request when the folder cannot be staged: the folder stays, the curators are told to move it", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    service.platform.fileInfo.faults.set({ mode: "json-500", path: "^/data/[^/]+/dir$" });
    const created = await requestDoi();
    expect(created).toMatchObject({ original_path: ANALYSES_PATH, folder: { path: ANALYSES_PATH, permission: "own" } });
    expect(storedRequests()).toHaveLength(1);
    expect(curatorMails().map((mail) => mail.subject)).toEqual([
      "Could not stage a permanent ID request's folder",
      "New DOI permanent ID request",
    ]);
    expect(curatorMails()[0]?.text).toMatch(
      new RegExp(
        `^The folder ${ANALYSES_PATH} of Alice Liddell \\(alice, alice@example.org\\)'s request ${created.id} was to ` +
          "move to /iplant/home/shared/commons_repo/staging, owned by the curators; that failed:\n.+\n" +
          "The request is recorded; please finish staging the folder by hand.\n$",
      ),
    );
    expect(curatorMails()[1]?.text).toContain(`requests a DOI for ${ANALYSES_PATH}.`);
  });

  it("tells the curators, and shows where the folder is, when the data store refuses the curators' group", async () => {
    // A staging folder of its own: the seed's exists already (it holds alice's lake survey).
    const staging = "/iplant/home/shared/commons_repo/staging-elsewhere";
    const misconfigured = await startData({
      PERMANENT_ID_CURATORS_GROUP: "no-such-group",
      PERMANENT_ID_STAGING_FOLDER: staging,
    });
    try {
      const sendThere = misconfigured.send;
      const curatorMailsThere = () =>
        misconfigured.platform.smtp.mails.filter((mail) => mail.to.includes(CURATORS_ADDRESS));
      const request = async (user: string, id: string) => {
        const described = await sendThere(user, "POST", `/secured/filesystem/${id}/metadata`, { avus: DESCRIBED });
        expect(described.statusCode).toBe(200);
        const created = await sendThere(user, "POST", "/permanent-id-requests", { type: "DOI", folder: id });
        expect(created.statusCode, created.body).toBe(200);
        return created.json();
      };
      // The staging folder is made but cannot be given to the group: nothing moves.
      expect((await request("alice", ANALYSES)).folder).toMatchObject({ path: ANALYSES_PATH, permission: "own" });
      expect(curatorMailsThere()[0]?.text).toContain("the file-info backend did not share");
      // The staging folder exists now: the folder moves, but its access cannot be set; the answer shows it moved.
      const bobs = await request("bob", seeded("bob", "analyses"));
      expect(bobs.folder).toMatchObject({ path: `${staging}/analyses`, permission: "own" });
      const [failure, announced] = curatorMailsThere().slice(2);
      expect(failure?.text).toContain(`was moved to ${staging}/analyses, but its access was not set`);
      expect(announced?.text).toContain(`requests a DOI for ${staging}/analyses.`);
    } finally {
      await misconfigured.close();
    }
  });

  it("answers the request when the curators' mail cannot be sent (it is logged)", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    await service.platform.smtp.stopSmtp();
    try {
      const created = await requestDoi();
      expect(created).toMatchObject({ folder: { path: STAGED_PATH } });
    } finally {
      await service.platform.smtp.startSmtp();
    }
    expect(curatorMails()).toEqual([]);
  });

  it.each([
    ["no body", undefined],
    ["no type", { folder: ANALYSES }],
    ["an empty type", { type: "", folder: ANALYSES }],
    ["no folder", { type: "DOI" }],
    ["a folder that is not a UUID", { type: "DOI", folder: ANALYSES_PATH }],
  ])("refuses %s (400) before asking any backend", async (_case, body) => {
    const response = await send("alice", "POST", "/permanent-id-requests", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe("ERR_BAD_REQUEST");
    expect(service.platform.fileInfo.recorder.requests).toHaveLength(0);
  });

  it("answers 502 when the metadata backend fails, and needs a signed-in caller", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    service.platform.metadata.faults.set({ mode: "json-500", path: "^/permanent-id-requests$" });
    const failed = await send("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error_code).toBe("ERR_BAD_GATEWAY");
    expect(notices()).toHaveLength(0);
    expect(
      (await send(undefined, "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES })).statusCode,
    ).toBe(401);
  });
});

describe("GET /permanent-id-requests and /permanent-id-requests/{request-id}", () => {
  it("lists the caller's own requests with their folders", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    const { id } = await requestDoi();
    const listed = await send("alice", "GET", "/permanent-id-requests");
    expect(listed.statusCode).toBe(200);
    // Hers, and her lake survey's of the seed (submitted in October), newest first.
    expect(listed.json()).toEqual({
      total: 2,
      requests: [
        expect.objectContaining({
          id,
          type: "DOI",
          status: "Submitted",
          requested_by: "alice",
          folder: expect.objectContaining({ id: ANALYSES, path: STAGED_PATH }),
        }),
        expect.objectContaining({
          id: DOI_REQUEST.id,
          status: "Submitted",
          requested_by: "alice",
          folder: expect.objectContaining({
            id: DOI_REQUEST.folderId,
            path: DOI_REQUEST.stagedPath,
            permission: "write",
          }),
        }),
      ],
    });
    expect(listed.json().requests[0]).not.toHaveProperty("target_id");
    expect((await send("bob", "GET", "/permanent-id-requests")).json()).toEqual({ requests: [], total: 0 });
  });

  it("passes filters, paging and sorting on to the metadata backend", async () => {
    const url =
      "/permanent-id-requests?statuses=Submitted&statuses=Pending&limit=5&offset=1&sort-field=type&sort-dir=DESC";
    expect((await send("alice", "GET", url)).statusCode).toBe(200);
    expect(metadataCalls("GET", "/permanent-id-requests")[0]?.query).toEqual({
      statuses: ["Submitted", "Pending"],
      limit: "5",
      offset: "1",
      "sort-field": "type",
      "sort-dir": "DESC",
      user: "alice",
    });
  });

  it.each([["limit=0"], ["offset=-1"], ["sort-field=folder"], ["sort-dir=desc"]])("refuses %s (400)", async (query) => {
    const response = await send("alice", "GET", `/permanent-id-requests?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe("ERR_BAD_REQUEST");
  });

  it("shows one of the caller's requests with its history and folder; others' are 404", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    const { id } = await requestDoi();
    const own = await send("alice", "GET", `/permanent-id-requests/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, history: [{ status: "Submitted" }], folder: { id: ANALYSES } });
    expect((await send("bob", "GET", `/permanent-id-requests/${id}`)).statusCode).toBe(404);
    expect((await send("alice", "GET", "/permanent-id-requests/not-a-uuid")).statusCode).toBe(400);
    expect((await send(undefined, "GET", `/permanent-id-requests/${id}`)).statusCode).toBe(401);
  });

  it("follows the folder by its id (into a curator's trash), and shows a null folder once it is gone", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    const { id } = await requestDoi();
    const deleted = await send("carol", "POST", "/secured/filesystem/delete", { paths: [STAGED_PATH] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const trashed = await send("alice", "GET", `/permanent-id-requests/${id}`);
    expect(trashed.json().folder).toMatchObject({ id: ANALYSES, path: expect.stringContaining("/trash/") });
    expect((await send("carol", "DELETE", "/secured/filesystem/trash")).statusCode).toBe(200);
    const gone = await send("alice", "GET", `/permanent-id-requests/${id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ id, original_path: ANALYSES_PATH, folder: null });
  });
});

describe("GET /admin/permanent-id-requests and /admin/permanent-id-requests/{request-id}", () => {
  it("lists everyone's requests, each folder as the curator sees it", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    service.platform.fileInfo.faults.set({ mode: "json-500", path: "^/data/[^/]+/dir$" });
    const unstaged = await requestDoi();
    service.platform.fileInfo.faults.clear();
    const unreadable = await send("carol", "GET", "/admin/permanent-id-requests");
    expect(unreadable.statusCode).toBe(200);
    expect(unreadable.json()).toMatchObject({
      total: 2,
      requests: [
        { id: unstaged.id, requested_by: "alice", folder: null },
        // The seed's, staged: the curators own it.
        { id: DOI_REQUEST.id, folder: { path: DOI_REQUEST.stagedPath, permission: "own" } },
      ],
    });
    const bobsAnalyses = seeded("bob", "analyses");
    await setMetadata("bob", bobsAnalyses, DESCRIBED);
    const staged = await requestDoi(bobsAnalyses, "bob");
    const readable = await send("carol", "GET", `/admin/permanent-id-requests/${staged.id}`);
    expect(readable.statusCode).toBe(200);
    expect(readable.json()).toMatchObject({
      id: staged.id,
      folder: { id: bobsAnalyses, path: STAGED_PATH, permission: "own" },
    });
  });

  it("is for administrators only, and 404 for an unknown request", async () => {
    expect((await send("alice", "GET", "/admin/permanent-id-requests")).statusCode).toBe(403);
    expect((await send("alice", "GET", `/admin/permanent-id-requests/${UNKNOWN}`)).statusCode).toBe(403);
    expect((await send(undefined, "GET", "/admin/permanent-id-requests")).statusCode).toBe(401);
    const unknown = await send("carol", "GET", `/admin/permanent-id-requests/${UNKNOWN}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_code).toBe("ERR_NOT_FOUND");
  });
});

describe("POST /admin/permanent-id-requests/{request-id}/status", () => {
  it("records the curator's status and comments and tells the requester", async () => {
    const id = await stagedRequest();
    const response = await send("carol", "POST", `/admin/permanent-id-requests/${id}/status`, {
      status: "Evaluation",
      comments: "Checking the metadata.",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      folder: { id: ANALYSES },
      history: [
        { status: "Submitted", updated_by: "alice" },
        { status: "Evaluation", updated_by: "carol", comments: "Checking the metadata." },
      ],
    });
    expect(response.json().requested_by).toEqual(ALICE);
    expect(notices().at(-1)).toMatchObject({
      user: "alice",
      type: "permanent_id_request",
      subject: "DOI request for analyses: status changed to Evaluation",
      email: true,
      emailTemplate: "blank",
      payload: { contents: "Checking the metadata.", uuid: id, email_address: "alice@example.org" },
    });
  });

  it("tells the requester the newest status each time it changes", async () => {
    const id = await stagedRequest();
    for (const status of ["Evaluation", "Pending", "Approved"]) {
      const changed = await send("carol", "POST", `/admin/permanent-id-requests/${id}/status`, {
        status,
        comments: `Now ${status}.`,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(notices().at(-1)).toMatchObject({
        subject: `DOI request for analyses: status changed to ${status}`,
        payload: { contents: `Now ${status}.` },
      });
    }
  });

  it("shows and notifies the requester by username alone when the groups backend cannot say who they are", async () => {
    const id = await stagedRequest();
    await service.platform.groups.stop();
    try {
      const response = await send("carol", "POST", `/admin/permanent-id-requests/${id}/status`, {
        status: "Evaluation",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().requested_by).toBe("alice");
      expect((await send("carol", "GET", `/admin/permanent-id-requests/${id}`)).json().requested_by).toBe("alice");
    } finally {
      await service.platform.groups.start();
    }
    expect(notices().at(-1)).toMatchObject({ user: "alice", email: false, payload: { uuid: id } });
    expect(notices().at(-1)?.payload).not.toHaveProperty("email_address");
  });

  it.each([
    [
      "a permanent_id (only minting records one)",
      { status: "Completion", permanent_id: "10.5072/abcd-efgh" },
      { reason: "permanent_id is recorded only by minting the identifier (POST .../ezid)", field: "permanent_id" },
    ],
    ["a blank status", { status: "  " }, {}],
    ["comments that are not text", { comments: 3 }, {}],
  ])("refuses %s (400) and changes nothing", async (_case, body, named) => {
    const id = await stagedRequest();
    const response = await send("carol", "POST", `/admin/permanent-id-requests/${id}/status`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", ...named });
    expect(storedRequests()[0]?.history).toHaveLength(1);
    expect(storedRequests()[0]?.permanent_id).toBeUndefined();
  });

  it("answers 404 for an unknown request, 403 to non-administrators, 401 without a token", async () => {
    expect((await send("carol", "POST", `/admin/permanent-id-requests/${UNKNOWN}/status`, {})).statusCode).toBe(404);
    expect((await send("alice", "POST", `/admin/permanent-id-requests/${UNKNOWN}/status`, {})).statusCode).toBe(403);
    expect((await send(undefined, "POST", `/admin/permanent-id-requests/${UNKNOWN}/status`, {})).statusCode).toBe(401);
  });
});

describe("POST /admin/permanent-id-requests/{request-id}/ezid", () => {
  const mint = (id: string, user = "carol") => send(user, "POST", `/admin/permanent-id-requests/${id}/ezid`);

  it("mints the DOI through DataCite from the folder's metadata, publishes the folder where the DOI resolves, writes the DOI to it and completes the request", async () => {
    const id = await stagedRequest();
    const response = await mint(id);
    expect(response.statusCode, response.body).toBe(200);
    const [doi] = mintedDois();
    expect(doi?.attributes).toMatchObject({ prefix: "10.5072", state: "findable", url: LANDING_PAGE });
    const completed = response.json();
    expect(completed).toMatchObject({
      id,
      permanent_id: doi?.id,
      folder: { id: ANALYSES, path: PUBLISHED_PATH, permission: "own" },
      history: [{ status: "Submitted" }, { status: "Completion", updated_by: "carol" }],
    });
    expect(completed.history[1].comments).toContain(`https://doi.org/${doi?.id}`);
    expect(completed.history[1].comments).toContain(PUBLISHED_PATH);
    expect(await statOf(ANALYSES, "alice")).toMatchObject({ path: PUBLISHED_PATH, permission: "write" });
    // The curators, carol among them, own the published folder.
    expect(await statOf(ANALYSES, "carol")).toMatchObject({ path: PUBLISHED_PATH, permission: "own" });
    expect(curatorMails().at(-1)).toMatchObject({
      subject: "DOI permanent ID request complete",
      text: expect.stringMatching(
        new RegExp(
          `^DOI ${doi?.id} now identifies ${PUBLISHED_PATH} \\(https://doi.org/${doi?.id}\\)\\.\n` +
            `Request: ${id}, completed by [^\n]+ \\(carol(, [^)]+)?\\)\\.\n$`,
        ),
      ),
    });

    const [call] = service.platform.datacite.recorder.to("POST", "/dois");
    expect(call?.headers.authorization).toMatch(/^Basic /);
    const xml = Buffer.from(String(doi?.attributes.xml), "base64").toString("utf8");
    expect(xml).toContain('<identifier identifierType="DOI">10.5072/placeholder</identifier>');
    expect(xml).toContain(
      "<creators><creator><creatorName>Liddell, Alice</creatorName>" +
        '<nameIdentifier nameIdentifierScheme="ORCID">0000-0002-1825-0097</nameIdentifier>' +
        "<affiliation>Wonderland University</affiliation></creator></creators>",
    );
    expect(xml).toContain('<title xml:lang="en-us">Depth &amp; temperature &lt;runs&gt;</title>');
    expect(xml).toContain(`<publicationYear>${YEAR}</publicationYear>`);
    expect(xml).toContain('<resourceType resourceTypeGeneral="Dataset">Measurements</resourceType>');
    expect(xml).toContain('<descriptions><description descriptionType="Abstract" xml:lang="en-us">Two runs.');

    expect(metadataCalls("POST", `/avus/folder/${ANALYSES}`)[0]?.body).toEqual({
      avus: [avu("identifier", String(doi?.id), avu("identifierType", "DOI")), avu("publicationYear", YEAR)],
    });
    expect(notices().at(-1)).toMatchObject({ user: "alice", subject: expect.stringContaining("Completion") });
  });

  it.each([
    ["DataCite is unreachable", 502, "ERR_BAD_GATEWAY", "stop"],
    ["DataCite fails", 502, "ERR_BAD_GATEWAY", "json-500"],
    ["DataCite hangs", 504, "ERR_GATEWAY_TIMEOUT", "hang"],
  ] as const)("answers %s with %i (%s) and records nothing", async (_case, status, code, failure) => {
    const id = await stagedRequest();
    const datacite = service.platform.datacite;
    if (failure === "stop") await datacite.stop();
    else datacite.faults.set({ mode: failure });
    try {
      const response = await mint(id);
      expect(response.statusCode).toBe(status);
      expect(response.json().error_code).toBe(code);
    } finally {
      if (failure === "stop") await datacite.start();
    }
    expect(storedRequests()[0]?.history.map((entry) => entry.status)).toEqual(["Submitted"]);
    expect(storedRequests()[0]?.permanent_id).toBeUndefined();
    expect(metadataCalls("POST", /^\/avus\//)).toHaveLength(0);
  });

  it.each([
    // The write of the DOI's AVUs (data-info reads the folder's through the metadata service before: GET).
    ["writing it to the folder fails", "metadata", "^/avus/folder/", "POST", PUBLISHED_PATH, "json-500", 502],
    [
      "moving the folder to the publish folder fails",
      "fileInfo",
      "^/data/[^/]+/dir$",
      undefined,
      STAGED_PATH,
      "json-500",
      502,
    ],
    ["writing it to the folder hangs", "metadata", "^/avus/folder/", "POST", PUBLISHED_PATH, "hang", 504],
  ] as const)(
    "names a DOI minted when %s in its %s, with where the folder belongs, so that nobody mints a second one",
    async (_case, backend, faultPath, method, folderAt, mode, status) => {
      const id = await stagedRequest();
      service.platform[backend].faults.set({ mode, path: faultPath, ...(method ? { method } : {}) });
      const response = await mint(id);
      const [doi] = mintedDois();
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({
        error_code: status === 504 ? "ERR_GATEWAY_TIMEOUT" : "ERR_BAD_GATEWAY",
        permanent_id: doi?.id,
        path: PUBLISHED_PATH,
        reason: expect.stringContaining(`DOI ${doi?.id} was minted, but publishing it failed`),
      });
      expect(response.json().reason).toContain(`the folder belongs at ${PUBLISHED_PATH}`);
      expect(storedRequests()[0]?.history.map((entry) => entry.status)).toEqual(["Submitted"]);
      expect(storedRequests()[0]?.permanent_id).toBeUndefined();
      expect(await statOf(ANALYSES, "carol")).toMatchObject({ path: folderAt });
    },
  );

  it("refuses what DataCite refuses of the record as the curator's 400, with DataCite's errors, recording nothing", async () => {
    const id = await stagedRequest();
    const errors = [{ source: "xml", title: "Missing child element(s)" }];
    for (const status of [400, 422]) {
      service.platform.datacite.faults.set({ mode: "json-status", status, body: { errors } });
      const response = await mint(id);
      expect(response.statusCode, String(status)).toBe(400);
      expect(response.json()).toEqual({
        error_code: "ERR_BAD_REQUEST",
        reason: "DataCite refused the DOI's metadata",
        datacite_errors: errors,
      });
    }
    service.platform.datacite.faults.set({ mode: "json-status", status: 403, body: { errors } });
    const forbidden = await mint(id);
    expect(forbidden.statusCode).toBe(502);
    expect(forbidden.json()).toMatchObject({ reason: "DataCite answered with status 403", backend_status: 403 });
    // A refusal without DataCite's list of errors is given as it came.
    service.platform.datacite.faults.set({ mode: "json-status", status: 422, body: { message: "bad XML" } });
    expect((await mint(id)).json()).toMatchObject({ datacite_errors: { message: "bad XML" } });
    for (const data of [
      { type: "dois", attributes: {} },
      { id: "", type: "dois", attributes: {} },
    ]) {
      service.platform.datacite.faults.set({ mode: "json-200", body: { data } });
      const unnamed = await mint(id);
      expect(unnamed.statusCode).toBe(502);
      expect(unnamed.json()).toMatchObject({ reason: "DataCite's answer named no DOI", backend_status: 200 });
    }
    expect(storedRequests()[0]?.history.map((entry) => entry.status)).toEqual(["Submitted"]);
    expect(metadataCalls("POST", /^\/avus\//)).toHaveLength(0);
  });

  it("refuses to mint when another folder of the name is already published (409), minting nothing", async () => {
    const id = await stagedRequest();
    const taken = await fetch(new URL("/data/directories?user=rods", service.platform.fileInfo.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ paths: [PUBLISHED_PATH] }),
    });
    expect(taken.status).toBe(200);
    const response = await mint(id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error_code: "ERR_EXISTS",
      path: PUBLISHED_PATH,
      reason: "a folder named analyses has already been published with a permanent identifier",
    });
    expect(mintedDois()).toHaveLength(0);
    expect(await statOf(ANALYSES, "carol")).toMatchObject({ path: STAGED_PATH });
  });

  it("answers 502 when DataCite refuses the gateway's credentials, recording nothing", async () => {
    const misconfigured = await startData({ DATACITE_PASSWORD: "not-the-account-password" });
    try {
      const sendThere = misconfigured.send;
      const described = await sendThere("alice", "POST", `/secured/filesystem/${ANALYSES}/metadata`, {
        avus: DESCRIBED,
      });
      expect(described.statusCode).toBe(200);
      const created = await sendThere("alice", "POST", "/permanent-id-requests", { type: "DOI", folder: ANALYSES });
      const response = await sendThere("carol", "POST", `/admin/permanent-id-requests/${created.json().id}/ezid`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 401 });
      expect(misconfigured.platform.datacite.state.dois.dois.size).toBe(0);
    } finally {
      await misconfigured.close();
    }
  });

  it("refuses a request whose folder is gone (404), minting nothing", async () => {
    const id = await stagedRequest();
    expect((await send("carol", "POST", "/secured/filesystem/delete", { paths: [STAGED_PATH] })).statusCode).toBe(200);
    expect((await send("carol", "DELETE", "/secured/filesystem/trash")).statusCode).toBe(200);
    const response = await mint(id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", path: ANALYSES_PATH });
    expect(service.platform.datacite.recorder.requests).toHaveLength(0);
  });

  it("refuses a request that already has its identifier, minting nothing more", async () => {
    const id = await stagedRequest();
    expect((await mint(id)).statusCode).toBe(200);
    const again = await mint(id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", permanent_id: mintedDois()[0]?.id });
    expect(mintedDois()).toHaveLength(1);
  });

  it("refuses an ARK request: only DOIs can be minted", async () => {
    await setMetadata("alice", ANALYSES, DESCRIBED);
    const ark = await send("alice", "POST", "/permanent-id-requests", { type: "ARK", folder: ANALYSES });
    expect(ark.statusCode, ark.body).toBe(200);
    const response = await mint(ark.json().id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD", type: "ARK" });
    expect(service.platform.datacite.recorder.requests).toHaveLength(0);
  });

  it("refuses metadata that lost what a DataCite record needs since the request was made", async () => {
    const id = await stagedRequest();
    await setMetadata("alice", ANALYSES, DESCRIBED.slice(1));
    const response = await mint(id);
    expect(response.statusCode).toBe(400);
    expect(response.json().problems).toEqual(["title: found 0, expected at least 1"]);
    expect(mintedDois()).toHaveLength(0);
  });

  it("is for administrators only and answers 404 for an unknown request", async () => {
    const id = await stagedRequest();
    expect((await mint(id, "alice")).statusCode).toBe(403);
    expect((await send(undefined, "POST", `/admin/permanent-id-requests/${id}/ezid`)).statusCode).toBe(401);
    expect((await mint(UNKNOWN)).statusCode).toBe(404);
    expect((await mint("not-a-uuid")).statusCode).toBe(400);
    expect(mintedDois()).toHaveLength(0);
  });
});
