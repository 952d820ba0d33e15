import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ALIGNER, FASTQC, WC_TOOL, WORD_COUNT } from "./seed.js";
import { makeCommunity, sender, startAppsProxy } from "./support.js";

// The apps catalogue as the real web client reads it (cyverse-de/sonora, files cited per test): the answers carry
// the fields the apps service always sends (issue 52).
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

type Listed = { id: string; app_type: string; limitChecks: { canRun: boolean; results: unknown[] } };

describe("the apps catalogue as sonora reads it", () => {
  it("answers an app search with the total sonora's search page counts (src/components/search/detailed/AppSearchResults.js)", async () => {
    // sonora src/serviceFacades/apps.js searchAppsInfiniteQuery
    const found = await send("alice", "GET", "/apps?search=word&limit=25&sort-field=name&sort-dir=ASC&offset=0");
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ total: 1, apps: [{ id: WORD_COUNT, name: "Word Count" }] });
    expect(found.json()).not.toHaveProperty("app_count");
  });

  it("gives the details drawer an app_type (src/components/apps/details/Drawer.js reads app_type.toUpperCase())", async () => {
    // sonora src/serviceFacades/apps.js getAppDetails
    const details = await send("alice", "GET", `/apps/de/${WORD_COUNT}/details`);
    expect(details.statusCode).toBe(200);
    expect(details.json().app_type.toUpperCase()).toBe("DE");
    expect(details.json()).toMatchObject({ id: WORD_COUNT, rating: { average: 0, total: 0 }, permission: "read" });
  });

  it("counts an app's completed analyses for the details drawer (src/components/apps/details/DetailsPanel.js reads job_stats)", async () => {
    // Anyone's analyses count (persistence/jobs.clj get-public-job-stats): alice ran Word Count once, to the end.
    const details = (await send("bob", "GET", `/apps/de/${WORD_COUNT}/details`)).json();
    expect(details.job_stats).toEqual({ job_count_completed: 1, job_last_completed: "2026-06-02T09:05:00.000Z" });
    // Its documentation, written when it was published, replaces a wiki page; only administrators get it inline.
    expect(details).not.toHaveProperty("documentation");
    expect((await send("bob", "GET", `/apps/de/${FASTQC}/details`)).json().job_stats).toEqual({
      job_count_completed: 0,
    });
  });

  it("gives administrators every count, the last use and the documentation (getAppDetailsForAdmin)", async () => {
    const details = (await send("carol", "GET", `/admin/apps/de/${FASTQC}/details`)).json();
    expect(details.job_stats).toEqual({
      job_count: 1,
      job_count_completed: 0,
      job_count_failed: 1,
      last_used: "2026-09-14T16:20:00.000Z",
    });
    expect(details.documentation).toMatchObject({ app_id: FASTQC, created_by: "carol" });
  });

  it("keeps what the administrators' app dialog saves (src/components/apps/admin/details/AdminAppDetails.js)", async () => {
    const path = `/admin/apps/de/${WORD_COUNT}`;
    const details = (await send("carol", "GET", `${path}/details`)).json();
    // sonora changes the documentation the details carry (PATCH) rather than adding a second one (POST).
    expect(details.documentation.documentation).toContain("Word Count");
    expect(details).not.toHaveProperty("extra");
    // adminPatchApp's body, as the dialog fills it.
    const { name, description, id, version_id } = details;
    const patch = (extra: unknown) =>
      send("carol", "PATCH", `${path}/versions/${version_id}`, {
        deleted: false,
        disabled: false,
        extra,
        description,
        name,
        id,
      });
    const gpu = { htcondor: { extra_requirements: "(TARGET.HasGPU == true)" } };
    expect((await patch(gpu)).json().extra).toEqual(gpu);
    expect((await send("carol", "GET", `${path}/versions/${version_id}/details`)).json().extra).toEqual(gpu);
    expect((await send("alice", "GET", `/apps/de/${WORD_COUNT}/details`)).json()).not.toHaveProperty("extra");
    // A copy is a new version of its own, without an administrator's extras.
    const copy = (await send("alice", "POST", `/apps/de/${WORD_COUNT}/copy`)).json();
    expect((await send("carol", "GET", `/admin/apps/de/${copy.id}/details`)).json()).not.toHaveProperty("extra");
    // Blank requirements clear them (de/admin.clj update-app-extra-info); anything but text is refused.
    expect((await patch({ htcondor: { extra_requirements: " " } })).json()).not.toHaveProperty("extra");
    expect((await patch("gpu")).statusCode).toBe(400);
    expect((await patch({ htcondor: { extra_requirements: 1 } })).statusCode).toBe(400);
  });

  it("counts each app's analyses in the administrators' listing, within its dates (getAppsForAdmin)", async () => {
    const query = "sort-dir=ASC&sort-field=name&limit=100&offset=0&search=word&app-type=";
    const listed = (await send("carol", "GET", `/admin/apps?${query}`)).json().apps;
    expect(listed).toMatchObject([{ id: WORD_COUNT, job_stats: { job_count: 1, job_count_completed: 1 } }]);
    // Only analyses that ended in the window count (util/db.clj add-date-limits-where-clause).
    const later = (await send("carol", "GET", `/admin/apps?${query}&start_date=2026-07-01`)).json().apps;
    expect(later[0].job_stats).toEqual({ job_count: 0, job_count_completed: 0, job_count_failed: 0 });
    // The service's schema takes ISO 8601 dates only.
    for (const date of ["someday", "1717000000000", "2026-13-45"]) {
      expect((await send("carol", "GET", `/admin/apps?${query}&start_date=${date}`)).statusCode, date).toBe(400);
    }
  });

  it("gives the private categories a de group, the caller's own, with the backend's virtual ones (src/components/apps/toolbar/AppNavigation.js)", async () => {
    // sonora src/serviceFacades/apps.js getPrivateCategories: the workspace only, found by system_id === "de"
    type Category = { id: string; name: string; system_id: string; categories: Category[] };
    const workspaceOf = async (username: string): Promise<Category> => {
      const { categories } = (await send(username, "GET", "/apps/categories?public=false")).json();
      return categories.find((category: Category) => category.system_id === "de");
    };
    const alices = await workspaceOf("alice");
    expect(alices.categories.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: expect.any(String), name: "Apps under development" },
      { id: expect.any(String), name: "Favorite Apps" },
      // The ids sonora's own list for visitors (getPrivateCategories) and its FEATURED_APPS_ID (src/constants.js) name.
      { id: "00000000-0000-0000-0000-000000000000", name: "My public apps" },
      { id: "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee", name: "Shared with me" },
      { id: "cccccccc-cccc-cccc-cccc-cccccccccccc", name: "Featured Apps" },
    ]);
    expect(alices.categories[0]).toMatchObject({ system_id: "de", total: 1, is_public: false });
    const inDevelopment = await send("alice", "GET", `/apps/categories/de/${alices.categories[0]?.id}`);
    expect(inDevelopment.json()).toMatchObject({ system_id: "de", total: 1, apps: [{ id: ALICES_ALIGNER }] });

    // Each workspace's root and own categories are its user's: bob's have ids of their own, and his view of
    // alice's shows none of her private apps.
    const bobs = await workspaceOf("bob");
    const ownIds = (workspace: Category) => [workspace.id, ...workspace.categories.slice(0, 2).map(({ id }) => id)];
    expect(ownIds(bobs).filter((id) => ownIds(alices).includes(id))).toEqual([]);
    const asBob = await send("bob", "GET", `/apps/categories/de/${alices.categories[0]?.id}`);
    expect(asBob.json()).toMatchObject({ name: "Apps under development", total: 0, apps: [] });

    // The virtual categories list by id too: Featured Apps has the blessed apps.
    const featured = await send("alice", "GET", "/apps/categories/de/cccccccc-cccc-cccc-cccc-cccccccccccc");
    expect(featured.json()).toMatchObject({ name: "Featured Apps", total: 1, apps: [{ id: WORD_COUNT }] });
  });

  it("lets sonora link each listed app to its launch form (src/components/apps/AppName.js reads limitChecks.canRun)", async () => {
    // sonora src/serviceFacades/apps.js getApps, getAppsInCategory and getAppById
    const { apps } = (await send("alice", "GET", "/apps?limit=25&sort-field=name&sort-dir=ASC&offset=0")).json();
    expect(apps.length).toBeGreaterThan(0);
    for (const app of apps as Listed[]) expect(app.limitChecks, app.id).toEqual({ canRun: true, results: [] });
    const single = (await send("alice", "GET", `/apps/de/${WORD_COUNT}/listing`)).json();
    expect(single.apps[0].limitChecks.canRun).toBe(true);
    // sonora src/pages/apps/[systemId]/[appId]/launch.js reads the launch form's limitChecks.canRun
    expect((await send("alice", "GET", `/apps/de/${WORD_COUNT}`)).json().limitChecks).toEqual({
      canRun: true,
      results: [],
    });
  });

  it("marks featured apps as blessed and published ones as beta (src/components/apps/AppStatusIcon.js)", async () => {
    const [listed] = (await send("alice", "GET", "/apps?search=word")).json().apps;
    expect(listed).toMatchObject({ id: WORD_COUNT, isBlessed: true, beta: false });
    // Publishing marks the app beta (requestToPublishApp's body, as PublishAppDialog.js fills it).
    const { id } = (await send("alice", "POST", `/apps/de/${WORD_COUNT}/copy`)).json();
    const request = { id, system_id: "de", name: "Beta Count", description: "Counts", documentation: "# Beta Count" };
    expect((await send("alice", "POST", `/apps/de/${id}/publish`, request)).statusCode).toBe(200);
    const [published] = (await send("bob", "GET", "/apps?search=Beta%20Count")).json().apps;
    expect(published).toMatchObject({ id, isBlessed: false, beta: true });
  });

  it("blesses and un-betas apps by the AVUs the administrators' dialog saves (adminUpdateAppMetadata)", async () => {
    // sonora src/components/apps/admin/avuUtils.js betaAVU and blessedAVU.
    const betaAVU = {
      attr: "n2t.net/ark:/99152/h1459",
      value: "beta",
      unit: "",
      avus: [{ attr: "rdfs:label", value: "releaseStatus", unit: "attr" }],
    };
    const blessedAVU = { attr: "cyverse-blessed", value: "true", unit: "" };
    const flags = async () => {
      const [app] = (await send("bob", "GET", "/apps?search=FastQC")).json().apps;
      return { isBlessed: app.isBlessed, beta: app.beta };
    };
    const { avus } = (await send("carol", "GET", `/admin/apps/${FASTQC}/metadata`)).json();
    const saved = await send("carol", "PUT", `/admin/apps/${FASTQC}/metadata`, {
      avus: [...avus, blessedAVU, betaAVU],
    });
    expect(saved.statusCode).toBe(200);
    expect(await flags()).toEqual({ isBlessed: true, beta: true });
    const featured = (await send("bob", "GET", "/apps/categories/featured")).json();
    expect(featured.apps.map((app: { id: string }) => app.id)).toContain(FASTQC);
    // Unticking both removes their AVUs (removeAVUs) and keeps the others.
    const { avus: both } = (await send("carol", "GET", `/admin/apps/${FASTQC}/metadata`)).json();
    const protectedAttrs = [blessedAVU.attr, betaAVU.attr];
    const others = both.filter((avu: { attr: string }) => !protectedAttrs.includes(avu.attr));
    expect(others).toHaveLength(avus.length);
    await send("carol", "PUT", `/admin/apps/${FASTQC}/metadata`, { avus: others });
    expect(await flags()).toEqual({ isBlessed: false, beta: false });
    // Users may not set them (apps metadata/avus.clj), through the gateway either.
    const refused = await send("alice", "POST", `/apps/${ALICES_ALIGNER}/metadata`, { avus: [blessedAVU] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: "ERR_FORBIDDEN", attrs: ["cyverse-blessed"] });
  });

  it("says an interactive app cannot run while the user's VICE analyses fill the concurrent job limit", async () => {
    const { tools, analyses } = service.platform.apps.state;
    (tools.tools.get(WC_TOOL) as { interactive: boolean }).interactive = true;
    const [seeded] = [...analyses.analyses.values()];
    if (!seeded) throw new Error("the apps simulator has no analysis to copy");
    analyses.analyses.clear();
    for (let n = 0; n < 8; n++) {
      const id = `00000000-0000-4000-8000-00000000000${n}`;
      analyses.analyses.set(id, {
        ...structuredClone(seeded),
        id,
        app_id: WORD_COUNT,
        username: "alice",
        status: "Running",
      });
    }
    const listed = (await send("alice", "GET", "/apps?search=word")).json().apps[0] as Listed;
    expect(listed.limitChecks).toEqual({
      canRun: false,
      results: [
        {
          limitCheckID: "CONCURRENT_VICE_ANALYSES",
          reasonCodes: ["ERR_LIMIT_REACHED"],
          additionalInfo: { runningJobs: 8, maxJobs: 8, usingDefaultSetting: true, pendingRequest: null },
        },
      ],
    });
    // The launch form says the same, and that it is a VICE app (src/components/apps/launch/ResourceRequirements.js).
    expect((await send("alice", "GET", `/apps/de/${WORD_COUNT}`)).json()).toMatchObject({
      overall_job_type: "interactive",
      max_time_limit_seconds: 30 * 24 * 60 * 60,
      limitChecks: { canRun: false },
    });
    // Another user's limit is their own.
    expect(((await send("bob", "GET", "/apps?search=word")).json().apps[0] as Listed).limitChecks.canRun).toBe(true);
  });
});

describe("community tags as sonora sends them (src/serviceFacades/groups.js addAppToCollection)", () => {
  const tags = (community: string) => ({ avus: [{ attr: "cyverse-community", value: community, unit: "" }] });

  it("tags an app with a community from an AVU list and removes the tag the same way", async () => {
    const community = await makeCommunity(service, "counting", "alice");
    const avus = tags(community);
    const tagged = await send("alice", "POST", `/apps/${ALICES_ALIGNER}/communities`, avus);
    expect(tagged.statusCode).toBe(200);
    expect(tagged.json()).toMatchObject({
      avus: [{ attr: "cyverse-community", value: community, unit: "", target_id: ALICES_ALIGNER, created_by: "alice" }],
    });
    const members = await send("alice", "GET", `/apps/communities/${encodeURIComponent(community)}/apps`);
    expect(members.json()).toMatchObject({ total: 1, apps: [{ id: ALICES_ALIGNER }] });
    // sonora src/serviceFacades/groups.js removeAppFromCollection
    const removed = await send("alice", "DELETE", `/apps/${ALICES_ALIGNER}/communities`, avus);
    expect(removed.statusCode).toBe(200);
    expect(
      (await send("alice", "GET", `/apps/communities/${encodeURIComponent(community)}/apps`)).json(),
    ).toMatchObject({ total: 0, apps: [] });
  });

  // apps communities.clj validate-avu-community-admins: the community's administrators decide, not the app's owner.
  it("lets a community's administrators tag anyone's app, and no one else, and refuses a body with no community AVU", async () => {
    const community = await makeCommunity(service, "counting", "alice");
    const avus = tags(community);
    expect((await send("alice", "POST", `/apps/${FASTQC}/communities`, avus)).statusCode).toBe(200);
    const members = await send("bob", "GET", `/apps/communities/${encodeURIComponent(community)}/apps`);
    expect(members.json()).toMatchObject({ total: 1, apps: [{ id: FASTQC }] });
    for (const method of ["POST", "DELETE"]) {
      const refused = await send("bob", method, `/apps/${FASTQC}/communities`, avus);
      expect(refused.statusCode, method).toBe(403);
      expect(refused.json()).toEqual({
        error_code: "ERR_FORBIDDEN",
        reason: "User is not an admin of that community",
        user: "bob",
        community,
      });
    }
    // Owning the app does not help: bob's own copy is refused too. A community Grouper does not have is its 404.
    const bobs = (await send("bob", "POST", `/apps/de/${WORD_COUNT}/copy`)).json().id;
    expect((await send("bob", "POST", `/apps/${bobs}/communities`, avus)).statusCode).toBe(403);
    const missing = await send("alice", "POST", `/apps/${ALICES_ALIGNER}/communities`, tags(`${community}-gone`));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    // The app is never looked up, but its id must be one (AppIdParam).
    const notAnId = await send("alice", "POST", "/apps/aligner/communities", avus);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toMatchObject({
      error_code: "ERR_ILLEGAL_ARGUMENT",
      reason: { "app-id": expect.any(String) },
    });
    const other = { avus: [{ attr: "colour", value: "blue", unit: "" }] };
    const refused = await send("alice", "POST", `/apps/${ALICES_ALIGNER}/communities`, other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: "No community metadata found in request",
    });
  });
});
