import type { AuthUser } from "@de-gateway/auth";
import type { Mail } from "@de-gateway/mailer";
import type { ToolRequestDetails } from "./details.js";

const line = (label: string, value: unknown) =>
  value === undefined || value === "" ? [] : [`${label}: ${String(value)}`];

/** The message that tells the tool-request team about a new request. */
export function toolRequestMail(details: ToolRequestDetails, requester: AuthUser, to: string): Mail {
  const who = requester.commonName || requester.username;
  return {
    to,
    replyTo: requester.email || undefined,
    subject: `New Tool Request: ${details.name ?? "unnamed tool"}${details.version ? ` ${details.version}` : ""}`,
    text: [
      `${who} (${requester.username}${requester.email ? `, ${requester.email}` : ""}) requested a tool.`,
      "",
      ...line("Tool request ID", details.id),
      ...line("Name", details.name),
      ...line("Version", details.version),
      ...line("Description", details.description),
      ...line("Source", details.source_url),
      ...line("Documentation", details.documentation_url),
      ...line("Attribution", details.attribution),
      ...line("Test data", details.test_data_path),
      ...line("Command line", details.cmd_line),
      ...line("Architecture", details.architecture),
      ...line("Multithreaded", details.multithreaded),
      ...line("Additional information", details.additional_info),
    ].join("\n"),
  };
}
