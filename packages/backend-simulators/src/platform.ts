import { createAnalysesSimulator } from "./analyses/index.js";
import { limitOf } from "./analyses/job-limits.js";
import { createAppExposerSimulator } from "./app-exposer/index.js";
import { createAppsSimulator } from "./apps/index.js";
import { gatewaySigningKey } from "./coge/gateway-key.js";
import { createCogeSimulator } from "./coge/index.js";
import { createDashboardAggregatorSimulator } from "./dashboard-aggregator/index.js";
import { createDataUsageSimulator } from "./data-usage/index.js";
import { createDataciteSimulator } from "./datacite/index.js";
import { DEMO_USERS, demoServiceAccount, demoUser } from "./demo-users.js";
import { CallerView } from "./file-info/caller-view.js";
import { ensureOutputFolder } from "./file-info/folders.js";
import { createFileInfoSimulator } from "./file-info/index.js";
import { pathInfoAccepts } from "./file-info/routes/stats.js";
import { storedBytes } from "./file-info/usage.js";
import type { AnswerMismatch, DeclaredRoute } from "./framework/answers.js";
import { RelayedAnswer } from "./framework/problems.js";
import { GrouperError } from "./groups/errors.js";
import { communityAdminsOf, createGroupsSimulator, grouperSourceOf } from "./groups/index.js";
import type { RegisteredClient } from "./idp/clients.js";
import { createIdentityProvider, type DeJwtMintOptions, type MintOptions, rotateKeys } from "./idp/index.js";
import { createMetadataSimulator } from "./metadata/index.js";
import { createNotificationsSimulator } from "./notifications/index.js";
import { createOtlpReceiver } from "./otlp/index.js";
import { createPermissionsSimulator } from "./permissions/index.js";
import { DEFAULT_PORTS } from "./ports.js";
import { createPreferencesSimulator } from "./preferences/index.js";
import { createQmsSimulator } from "./qms/index.js";
import { createRequestsSimulator } from "./requests/index.js";
import { listedRequests } from "./requests/requests.js";
import { createResourceUsageSimulator } from "./resource-usage/index.js";
import { createSearchSimulator } from "./search/index.js";
import { serviceEnvironmentFor } from "./service-environment.js";
import { SmtpCatcher } from "./smtp/index.js";
import { generateStackKeys, type StackKeys } from "./stack-keys.js";
import { createSubscriptionAddonsSimulator } from "./subscription-addons/index.js";
import { analysisEventsFor, analysisGrants, appExposerDatabase, groupsOfUser, type ViceLinks } from "./vice-links.js";

export interface PlatformOptions {
  /** `ephemeral` (tests): every simulator on a free port; `default`: DEFAULT_PORTS. */
  ports?: "ephemeral" | "default";
  host?: string;
  logLevel?: string;
  /** Clients the identity provider registers besides `de-ui` and the demo service accounts (IDP_CLIENTS). */
  identityProviderClients?: readonly RegisteredClient[];
  /** The keys the services are told the other halves of (`pnpm start` makes them); new ones without. */
  keys?: StackKeys;
}

/** A call of iplant-groups whose refusal the calling Clojure backend answers as Grouper's (its clj-http client's). */
const relayingGrouper =
  <Args extends unknown[], Result>(call: (...args: Args) => Result) =>
  (...args: Args): Result => {
    try {
      return call(...args);
    } catch (error) {
      if (error instanceof GrouperError) throw new RelayedAnswer(error.status, error.body);
      throw error;
    }
  };

/** Every backend simulator, the identity provider, the SMTP catcher and the trace receiver, started together. */
export class SimulatedPlatform {
  readonly idp;
  readonly smtp;
  /** Where services export their spans when tracing is on (`tracingEnvironmentFor`). */
  readonly traces;
  readonly apps;
  readonly metadata;
  readonly fileInfo;
  readonly groups;
  readonly notifications;
  readonly preferences;
  readonly search;
  readonly analyses;
  readonly dashboardAggregator;
  readonly coge;
  readonly datacite;
  readonly qms;
  readonly subscriptionAddons;
  readonly resourceUsage;
  readonly dataUsage;
  readonly appExposer;
  readonly requests;
  readonly permissions;
  /** The key pair the services sign CoGe's user tokens with; CoGe trusts it. */
  private readonly gatewayKey;

  private constructor(options: PlatformOptions) {
    const port = (name: keyof typeof DEFAULT_PORTS) => (options.ports === "default" ? DEFAULT_PORTS[name] : 0);
    const common = { host: options.host ?? "127.0.0.1", logLevel: options.logLevel ?? "silent" };
    const keys = options.keys ? Promise.resolve(options.keys) : generateStackKeys();
    this.gatewayKey = keys.then((made) => gatewaySigningKey(made.gatewayKey));
    this.idp = createIdentityProvider({
      ...common,
      port: port("idp"),
      clients: options.identityProviderClients ?? [],
      deJwtKey: keys.then((made) => made.deJwtKey),
    });
    this.smtp = new SmtpCatcher({ ...common, port: port("inbox"), smtpPort: port("smtp") });
    this.traces = createOtlpReceiver({ ...common, port: port("traces") });
    // The apps backend, the permissions service and app-exposer share the platform's analyses (vice-links.ts).
    const links: ViceLinks = {
      apps: () => this.apps,
      analyses: () => this.analyses,
      permissions: () => this.permissions,
      appExposer: () => this.appExposer,
      groupsOf: groupsOfUser(() => this.groups),
    };
    this.apps = createAppsSimulator({
      ...common,
      port: port("apps"),
      analysisEvents: analysisEventsFor(links),
      // The analyses, requests and notifications services start after the apps backend, which only asks them while
      // answering.
      peers: {
        concurrentJobLimit: (username) => limitOf(this.analyses.state.jobLimits, username),
        openViceRequests: (username) => listedRequests(this.requests.state.requests, { type: "vice", user: username }),
        notificationAgent: (body, at) => this.notifications.receive(body, at),
        // data-info leaves out what the user may not read without refusing, so only the paths matter.
        pathsAccessible: (_username, paths) => pathInfoAccepts(this.fileInfo.state.dataStore, paths),
        createOutputFolder: (username, path) => ensureOutputFolder(this.dataStoreAs(username), path),
        existingPaths: (username, paths) => paths.filter((path) => this.dataStoreAs(username).sees(path)),
        communityAdmins: relayingGrouper(communityAdminsOf(() => this.groups)),
        metadataAvus: () => this.metadata.state.avus,
      },
    });
    this.permissions = createPermissionsSimulator({
      ...common,
      port: port("permissions"),
      groupsOf: links.groupsOf,
      sourceOf: grouperSourceOf(() => this.groups),
      registered: analysisGrants(links.apps),
    });
    this.appExposer = createAppExposerSimulator({
      ...common,
      port: port("appExposer"),
      database: appExposerDatabase(links),
    });
    this.requests = createRequestsSimulator({
      ...common,
      port: port("requests"),
      notificationAgent: (body) => this.notifications.receive(body),
    });
    this.metadata = createMetadataSimulator({ ...common, port: port("metadata") });
    // data-info keeps a file's or folder's metadata-service AVUs in the metadata service.
    this.fileInfo = createFileInfoSimulator({
      ...common,
      port: port("fileInfo"),
      metadataUrl: () => this.metadata.url,
    });
    this.groups = createGroupsSimulator({ ...common, port: port("groups") });
    this.notifications = createNotificationsSimulator({ ...common, port: port("notifications") });
    this.preferences = createPreferencesSimulator({ ...common, port: port("preferences") });
    const { fileInfo, metadata } = this;
    this.search = createSearchSimulator({
      ...common,
      port: port("search"),
      sources: {
        dataStore: () => fileInfo.state.dataStore,
        users: () => fileInfo.state.navigation.users,
        tags: () => metadata.state.tags,
        avus: () => metadata.state.avus,
      },
    });
    const apps = this.apps;
    this.analyses = createAnalysesSimulator({ ...common, port: port("analyses"), apps: () => apps.state });
    this.dashboardAggregator = createDashboardAggregatorSimulator({
      ...common,
      port: port("dashboardAggregator"),
      // The platform's database, and the metadata service it asks for the featured apps.
      apps: () => ({ ...apps.state, metadataAvus: metadata.state.avus }),
      upstreams: { apps: () => apps.url, appExposer: () => this.appExposer.url },
    });
    this.coge = createCogeSimulator({ ...common, port: port("coge"), gatewayKey: this.gatewayKey });
    this.datacite = createDataciteSimulator({ ...common, port: port("datacite") });
    // One QMS database behind the subscriptions service's two APIs and data-usage-api, as in the real deployment.
    const qms = createQmsSimulator({ ...common, port: port("qms") });
    this.qms = qms;
    this.subscriptionAddons = createSubscriptionAddonsSimulator({
      ...common,
      port: port("subscriptions"),
      qms: () => qms.state.store,
    });
    this.dataUsage = createDataUsageSimulator({
      ...common,
      port: port("dataUsage"),
      qms: () => qms.state.store,
      storedBytes: (user) => storedBytes(fileInfo.state.dataStore, user),
    });
    const subscriptionAddons = this.subscriptionAddons;
    this.resourceUsage = createResourceUsageSimulator({
      ...common,
      port: port("resourceUsage"),
      subscriptionsUrl: () => subscriptionAddons.url,
    });
  }

  static async start(options: PlatformOptions = {}): Promise<SimulatedPlatform> {
    const platform = new SimulatedPlatform(options);
    try {
      await Promise.all([...platform.httpSimulators().map((sim) => sim.start()), platform.smtp.start()]);
    } catch (error) {
      await platform.stop();
      throw error;
    }
    return platform;
  }

  /** The data store as data-info shows it to one user, for the apps backend's calls made as that user. */
  private dataStoreAs(username: string): CallerView {
    return new CallerView(this.fileInfo.state.dataStore, username);
  }

  private httpSimulators(): Array<{ start(): Promise<unknown>; stop(): Promise<void> }> {
    return [this.idp, this.traces, ...this.backendSimulators()];
  }

  /** The simulators whose routes declare their answers: the backends' stand-ins and the trace receiver. */
  private answeringSimulators() {
    return [...this.backendSimulators(), this.traces];
  }

  /** The simulators standing in for backends. */
  private backendSimulators() {
    return [
      this.apps,
      this.metadata,
      this.fileInfo,
      this.groups,
      this.notifications,
      this.preferences,
      this.search,
      this.analyses,
      this.dashboardAggregator,
      this.coge,
      this.datacite,
      this.qms,
      this.subscriptionAddons,
      this.resourceUsage,
      this.dataUsage,
      this.appExposer,
      this.requests,
      this.permissions,
    ];
  }

  /**
   * What the demo world's past would have left in the services that fill only as the platform runs: data-usage-api's
   * scheduled count of every user's bytes in QMS, each analysis' status updates in its owner's notifications, dated
   * when they happened, and the workspace each demo user's first login made in the apps backend (bob, who asked for
   * VICE access, has signed in before; an administrator's approval looks his workspace up). `pnpm start`'s simulators
   * recall it once at start; a platform started by a test does not, so that the answers of a user never counted, of
   * an empty notification list and of a first login stay reachable.
   */
  recallDemoHistory(): void {
    this.dataUsage.countEveryone();
    this.apps.openWorkspaces(DEMO_USERS.map((user) => user.username));
    this.apps.tellStatusHistories(
      (username) => demoUser(username) ?? { username, email: "", firstName: "", lastName: "" },
    );
  }

  /** Environment for a service under test: backend URLs, auth and mail settings. */
  async env(): Promise<Record<string, string>> {
    return serviceEnvironmentFor({
      apps: this.apps.url,
      metadata: this.metadata.url,
      fileInfo: this.fileInfo.url,
      groups: this.groups.url,
      notifications: this.notifications.url,
      preferences: this.preferences.url,
      search: this.search.url,
      analyses: this.analyses.url,
      dashboardAggregator: this.dashboardAggregator.url,
      coge: this.coge.url,
      datacite: this.datacite.url,
      qms: this.qms.url,
      subscriptionAddons: this.subscriptionAddons.url,
      resourceUsage: this.resourceUsage.url,
      dataUsage: this.dataUsage.url,
      appExposer: this.appExposer.url,
      requests: this.requests.url,
      permissions: this.permissions.url,
      idp: this.idp.url,
      smtp: this.smtp.smtpUrl,
      deJwtPublicKey: (await this.idp.state.keys).deJwtPublicKeyPem,
      deJwtSigningKey: (await this.gatewayKey).privateKeyPem,
    });
  }

  /** A bearer token for a demo user (alice, bob, carol). */
  async token(username: string, options?: MintOptions): Promise<string> {
    const user = demoUser(username);
    if (!user) throw new Error(`no demo user ${username}`);
    return (await this.idp.state.keys).mint(user, options);
  }

  /** A demo service account's own token (client credentials grant), `qms-updater` unless another is named. */
  async serviceToken(clientId = "qms-updater", options?: MintOptions): Promise<string> {
    const account = demoServiceAccount(clientId);
    if (!account) throw new Error(`no demo service account ${clientId}`);
    return (await this.idp.state.keys).mintServiceToken(account, options);
  }

  /** `{authorization: "Bearer …"}` for app.inject(). */
  async authHeader(username: string): Promise<{ authorization: string }> {
    return { authorization: `Bearer ${await this.token(username)}` };
  }

  /**
   * The identity provider rotates its bearer signing key and withdraws the old one: tokens signed before stop
   * verifying once the keys are fetched again. Resolves with the new key's id.
   */
  rotateSigningKey(): Promise<string> {
    return rotateKeys(this.idp, { keepOld: false });
  }

  async deJwt(username: string, options?: DeJwtMintOptions): Promise<string> {
    const user = demoUser(username);
    if (!user) throw new Error(`no demo user ${username}`);
    return (await this.idp.state.keys).mintDeJwt(user, options);
  }

  /** Every answer a backend simulator or the trace receiver gave that did not match its route's schema, since the start. */
  answerMismatches(): AnswerMismatch[] {
    return this.answeringSimulators().flatMap((sim) => sim.answerMismatches);
  }

  /** The routes each backend simulator and the trace receiver serve, by simulator name. */
  declaredRoutes(): Array<{ simulator: string; routes: readonly DeclaredRoute[] }> {
    return this.answeringSimulators().map((sim) => ({ simulator: sim.name, routes: sim.declaredRoutes }));
  }

  /** Seed state again, faults cleared, recordings and spans emptied; keys and ports stay. */
  reset(): void {
    for (const sim of this.answeringSimulators()) sim.reset();
    this.smtp.reset();
  }

  /** Stops everything for good; the file-info data store's folder on disk is removed. */
  async stop(): Promise<void> {
    await Promise.all([...this.httpSimulators().map((sim) => sim.stop()), this.smtp.stop()]);
    await this.fileInfo.dispose();
  }
}
