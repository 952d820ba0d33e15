import { Problem, RelayedAnswer } from "../framework/problems.js";
import type { Entry } from "./catalogue.js";

/** Where data-info finds the metadata service: its base address, or none where no metadata service runs beside it. */
export type MetadataLocation = () => string | undefined;

/** An item as the metadata service names AVU targets (data-info's `resolve-data-type`: a folder is `folder`). */
export interface AvuTarget {
  type: "file" | "folder";
  id: string;
}

export const avuTargetOf = (entry: Entry): AvuTarget => ({
  type: entry.type === "dir" ? "folder" : "file",
  id: entry.id,
});

/** The AVUs of one target as the metadata service lists them (`{avus}`, each with its id, dates and attached AVUs). */
export interface AvuListing {
  avus: Array<Record<string, unknown>>;
}

/**
 * data-info's client of the metadata service (data-info `clients/metadata.clj`, over metadata-client): a file's or
 * folder's metadata-service AVUs live there, not in the data store. A refusal comes back to data-info's caller as
 * the metadata service gave it; no metadata service to reach is a refused connection (500).
 */
export class MetadataService {
  constructor(private readonly location: MetadataLocation) {}

  listAvus(user: string, target: AvuTarget): Promise<AvuListing> {
    return this.call("GET", user, `/avus/${target.type}/${target.id}`) as Promise<AvuListing>;
  }

  /** Adds AVUs, or changes those the body names by id (`POST /avus/{type}/{id}`). */
  async updateAvus(user: string, target: AvuTarget, body: Record<string, unknown>): Promise<void> {
    await this.call("POST", user, `/avus/${target.type}/${target.id}`, body);
  }

  /** Makes the target's AVUs those of the body (`PUT /avus/{type}/{id}`). */
  async setAvus(user: string, target: AvuTarget, body: Record<string, unknown>): Promise<void> {
    await this.call("PUT", user, `/avus/${target.type}/${target.id}`, body);
  }

  /** Copies the source's AVUs to each target (`POST /avus/{type}/{id}/copy`). */
  async copyAvus(user: string, source: AvuTarget, targets: AvuTarget[]): Promise<void> {
    await this.call("POST", user, `/avus/${source.type}/${source.id}/copy`, { targets });
  }

  private async call(method: string, user: string, path: string, body?: unknown): Promise<unknown> {
    const base = this.location();
    if (base === undefined) throw connectionRefused();
    const url = `${base}${path}?user=${encodeURIComponent(user)}`;
    const response = await fetch(url, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(5_000),
    }).catch(() => {
      throw connectionRefused();
    });
    const text = await response.text();
    if (!response.ok) throw new RelayedAnswer(response.status, jsonOrText(text));
    return text === "" ? undefined : JSON.parse(text);
  }
}

/** A relayed body as it came: its JSON when it is JSON, its text otherwise. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const connectionRefused = () =>
  new Problem(500, "ERR_UNCHECKED_EXCEPTION", "java.net.ConnectException: Connection refused");
