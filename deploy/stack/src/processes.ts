import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { createInterface } from "node:readline";
import type { Component } from "./components.js";
import type { LineSink } from "./logs.js";

export interface Running {
  component: Component;
  child: ChildProcess;
}

/**
 * Runs a component's program in its own process: its compiled program (see bundle.ts), or its TypeScript entry
 * with the loader among the component's `nodeArgs`. Its output goes line by line to `output`, or nowhere without
 * one; the processes log JSON lines as they do in containers. They run without `--enable-source-maps`, which costs
 * each about 0.4 s of CPU at start: the launcher maps the positions their output names (source-positions.ts).
 */
export function launch(component: Component, program: string, env: Record<string, string>, output?: LineSink): Running {
  const child = spawn(process.execPath, [...(component.nodeArgs ?? []), program], {
    cwd: component.cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", output ? "pipe" : "ignore", output ? "pipe" : "ignore"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream || !output) continue;
    createInterface({ input: stream }).on("line", (line) => output(component.name, line));
  }
  return { component, child };
}

/** Whether something accepts connections on the port right now. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Whether the component answers its readiness path with 200 right now (without one: whether its port is open).
 * The port is tried first: a refused connection costs far less than a failed fetch, and while the stack starts the
 * launcher's polling competes for the CPU with the processes it waits for.
 */
export async function answers(component: Component): Promise<boolean> {
  if (!(await portOpen(component.port))) return false;
  if (!component.readyPath) return true;
  return fetch(`http://127.0.0.1:${component.port}${component.readyPath}`)
    .then((response) => response.ok)
    .catch(() => false);
}

/** Waits until the component answers, fails early if its process exits, gives up after `timeoutMs`. */
export async function waitUntilReady({ component, child }: Running, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${component.name} exited with code ${child.exitCode} while starting`);
    if (await answers(component)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${component.name} did not become ready on port ${component.port} within ${timeoutMs / 1000}s`);
}

/** SIGTERM to every child still running, SIGKILL to those still there after `graceMs`. */
export async function stopAll(running: readonly Running[], graceMs = 10_000): Promise<void> {
  const alive = running.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    alive.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
          child.once("exit", () => {
            clearTimeout(killer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}
