import type { FastifyInstance } from "fastify";
import { Simulator, type SimulatorOptions } from "./simulator.js";

/**
 * One resource family of a backend (for example the apps backend's login records): its own state and
 * routes. A backend simulator is a set of modules, so each family lives in a file of its own.
 */
export interface SimulatorModule<S> {
  makeState: () => S;
  /** `state()` is this module's state; `all()` the whole backend's, for families that read each other. */
  routes: (app: FastifyInstance, state: () => S, all: () => Record<string, unknown>) => void | Promise<void>;
  /** Releases what a state holds outside memory; called on reset and dispose, never on a plain stop. */
  dispose?: (state: S) => void;
}

export function defineModule<S>(module: SimulatorModule<S>): SimulatorModule<S> {
  return module;
}

// biome-ignore lint/suspicious/noExplicitAny: the state type of each module is recovered by StateOf
type Modules = Record<string, SimulatorModule<any>>;
export type StateOf<M extends Modules> = { [K in keyof M]: ReturnType<M[K]["makeState"]> };

export function moduleSimulator<M extends Modules>(
  name: string,
  modules: M,
  options: SimulatorOptions = {},
): Simulator<StateOf<M>> {
  const makeState = () =>
    Object.fromEntries(Object.entries(modules).map(([key, module]) => [key, module.makeState()])) as StateOf<M>;
  const releaseState = (state: StateOf<M>) => {
    for (const [key, module] of Object.entries(modules)) module.dispose?.(state[key as keyof M]);
  };
  return new Simulator<StateOf<M>>(
    name,
    makeState,
    async (app, sim) => {
      for (const [key, module] of Object.entries(modules)) {
        await module.routes(
          app,
          () => sim.state[key as keyof M],
          () => sim.state as Record<string, unknown>,
        );
      }
    },
    options,
    releaseState,
  );
}
