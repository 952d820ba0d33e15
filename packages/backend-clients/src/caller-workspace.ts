import type { AuthUser } from "@de-gateway/auth";
import type {
  FastifyPluginAsync,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";

/** What the apps backend answers (404) to a user it has no workspace for (`apps.workspace/get-workspace`). */
const NO_WORKSPACE = "Workspace for user not found.";

declare module "fastify" {
  interface FastifyInstance {
    callerWorkspace: CallerWorkspace;
  }
}

export interface CallerWorkspace {
  /**
   * Asks the apps backend for a signed-in caller's workspace unless it was asked for with their token before; never
   * fails (when the backend cannot be asked, the call that needs the workspace answers for itself).
   */
  ask(request: FastifyRequest): Promise<void>;
}

export interface CallerWorkspaceOptions {
  /** Routes (by path) whose requests reach the apps backend where it reads the caller's workspace: asked first. */
  routes?: RegExp;
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** A refusal read whole (a forwarded one is a buffer, the gateway's own a string) that names the missing workspace. */
const refusesForWant = (payload: unknown): boolean =>
  (typeof payload === "string" || Buffer.isBuffer(payload)) && payload.includes(NO_WORKSPACE);

/**
 * The apps backend refuses the listings, searches, details, favorite marks and new apps of a user it has no workspace
 * for (404 "Workspace for user not found."); `GET /workspaces` makes a missing one. Bootstrap asks for it, but a
 * script's first call need not be bootstrap, so the gateway asks before calls that need it, as the reference asks
 * before every request.
 *
 * Asked once per verified token (auth gives each token one user object), where the reference asks once per user and
 * process: tied to the token, the gateway remembers no longer than a token lives, so a workspace the backend has lost
 * is made again within that time, and sooner on the routes given: the backend's refusal for want of one makes the
 * next request ask again. Anonymous visitors and service accounts are not asked for.
 */
const plugin: FastifyPluginAsync<CallerWorkspaceOptions> = async (app, options) => {
  const asked = new WeakSet<AuthUser>();
  /** Asks under way, by username: requests that come together with two tokens of one user share one ask too. */
  const asking = new Map<string, Promise<boolean>>();

  async function askBackend(request: FastifyRequest, username: string): Promise<boolean> {
    try {
      await request.server.backends.apps.json(request, { path: "/workspaces" });
      return true;
    } catch (error) {
      request.log.warn({ err: error }, "the caller's workspace could not be asked for; the request goes on");
      return false;
    } finally {
      asking.delete(username);
    }
  }

  /** The signed-in caller whose workspace is still to ask for, if any. */
  function unasked(request: FastifyRequest): AuthUser | undefined {
    const user = request.user as AuthUser | null;
    return user && user.kind === undefined && !asked.has(user) ? user : undefined;
  }

  function ask(request: FastifyRequest, user: AuthUser): Promise<void> {
    let pending = asking.get(user.username);
    if (!pending) {
      pending = askBackend(request, user.username);
      asking.set(user.username, pending);
    }
    return pending.then((made) => {
      if (made) asked.add(user);
    });
  }

  app.decorate("callerWorkspace", {
    ask: (request: FastifyRequest) => {
      const user = unasked(request);
      return user ? ask(request, user) : Promise.resolve();
    },
  });

  const { routes } = options;
  if (!routes) return;
  // A callback hook: a caller whose workspace was asked for goes on without a promise.
  const askFirst: preHandlerHookHandler = (request, _reply, done) => {
    const user = unasked(request);
    if (!user) return done();
    ask(request, user).then(() => done());
  };
  const forgetOnRefusal: onSendHookHandler = (request, reply, payload, done) => {
    const user = request.user as AuthUser | null;
    if (reply.statusCode === 404 && user && refusesForWant(payload)) asked.delete(user);
    done(null, payload);
  };
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!routes.test(route.url)) return;
    route.preHandler = [askFirst, ...asArray(route.preHandler)];
    route.onSend = [...asArray(route.onSend), forgetOnRefusal];
  });
};

/**
 * Decorates the service with `app.callerWorkspace` and, on the `routes` given, asks for the caller's workspace before
 * the handler runs. Register after `backendClients` and before the routes.
 */
export const callerWorkspaces = fp(plugin, {
  name: "@de-gateway/caller-workspace",
  fastify: "5.x",
  dependencies: ["@de-gateway/backend-clients"],
});
