import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { createInterface } from "node:readline";
import type { Component } from "./components.js";

export interface Running {
  component: Component;
  child: ChildProcess;
}

/** Starts a component's TypeScript entry with tsx, its output prefixed with its name. */
export function launch(component: Component, env: Record<string, string>): Running {
  const nodeArgs = ["--conditions=source", "--import", "tsx", ...(component.nodeArgs ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, component.entry], {
    cwd: component.cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${component.name}] ${line}\n`));
  }
  return { component, child };
}

function answers(component: Component): Promise<boolean> {
  if (component.readyPath) {
    return fetch(`http://127.0.0.1:${component.port}${component.readyPath}`)
      .then((response) => response.ok)
      .catch(() => false);
  }
  return new Promise((resolve) => {
    const socket = connect(component.port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Waits until the component answers, fails early if its process exits, gives up after `timeoutMs`. */
export async function waitUntilReady({ component, child }: Running, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${component.name} exited with code ${child.exitCode} while starting`);
    if (await answers(component)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
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
