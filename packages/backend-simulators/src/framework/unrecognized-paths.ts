import { defineModule, type SimulatorModule } from "./module.js";

/**
 * The module of a Clojure backend's answer to paths it does not serve (a retired route, a typo, a path its routes'
 * patterns do not match): compojure's `route/not-found` with the service's `unrecognized-path-response`, `body` as a
 * JSON text that compojure sends as it sends any string, as HTML.
 */
export function unrecognizedPaths(body: Record<string, unknown>): SimulatorModule<Record<string, never>> {
  const text = JSON.stringify(body);
  return defineModule<Record<string, never>>({
    makeState: () => ({}),
    routes: (app) => {
      app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/html; charset=utf-8").send(text));
    },
  });
}
