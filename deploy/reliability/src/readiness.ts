import { get } from "node:http";
import { errorCodes } from "./outcomes.js";
import { now, sleep } from "./timing.js";

/** One look at `/readyz`, each on a new connection: its status, or how the connection failed. */
export interface ReadinessCheck {
  at: number;
  status?: number;
  failure?: string;
}

function check(url: string): Promise<ReadinessCheck> {
  return new Promise((resolve) => {
    const request = get(`${url}/readyz`, { agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      response.once("end", () => resolve({ at: now(), status: response.statusCode }));
    });
    request.once("timeout", () => request.destroy(Object.assign(new Error("no answer"), { code: "ETIMEDOUT" })));
    request.once("error", (error) => resolve({ at: now(), failure: errorCodes(error)[0] ?? error.name }));
  });
}

/** Checks a process's readiness every `intervalMs` on new connections, as a load balancer's health check does. */
export class ReadinessWatch {
  readonly checks: ReadinessCheck[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(url: string, intervalMs = 50) {
    this.loop = (async () => {
      while (this.running) {
        this.checks.push(await check(url));
        await sleep(intervalMs);
      }
    })();
  }

  first(matches: (check: ReadinessCheck) => boolean): ReadinessCheck | undefined {
    return this.checks.find(matches);
  }

  stop(): Promise<void> {
    this.running = false;
    return this.loop;
  }
}
