import escapeHtml from "escape-html";
import type { ReceivedSpan } from "./otlp-json.js";
import { byStart, extentOf, millisecondsBetween, rootsOf, type TraceSummary } from "./trace-store.js";

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.3em 0.6em; border-bottom: 1px solid #ddd; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.error, .error a { color: #c00; }
details { border-bottom: 1px solid #eee; }
summary { display: grid; grid-template-columns: 26em 11em 1fr 6em; gap: 0.6em; align-items: center; cursor: pointer;
  padding: 0.15em 0; list-style: none; }
summary .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
summary .service { color: #666; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.timeline { position: relative; height: 0.9em; background: #f4f4f4; }
.bar { position: absolute; top: 0; bottom: 0; min-width: 2px; background: hsl(var(--hue) 55% 50%); }
.error .bar { background: #c00; }
.duration { text-align: right; font-variant-numeric: tabular-nums; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.1em 1em; margin: 0.3em 0 0.6em 2em;
  font-family: ui-monospace, monospace; font-size: 12px; }
dt { color: #666; }
dd { margin: 0; white-space: pre-wrap; word-break: break-all; }
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;

const milliseconds = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** `GET /traces`: the traces kept, newest first, each linking to its waterfall. */
export function traceListPage(summaries: readonly TraceSummary[], kept: { traces: number; spans: number }): string {
  const rows = summaries
    .map(
      (trace) => `<tr${trace.error ? ' class="error"' : ""}>
<td>${escapeHtml(trace.start)}</td>
<td><a href="/traces/${escapeHtml(trace.traceId)}">${escapeHtml(trace.rootName)}</a>${trace.error ? " (error)" : ""}</td>
<td>${escapeHtml(trace.services.join(", "))}</td>
<td class="number">${trace.spanCount}</td>
<td class="number">${milliseconds(trace.durationMs)}</td>
</tr>`,
    )
    .join("\n");
  return page(
    "Recent traces",
    `<p>${kept.traces} traces (${kept.spans} spans) kept, the newest ${summaries.length} below, newest first.
Services send their spans here when OTEL_EXPORTER_OTLP_ENDPOINT names this receiver (OTLP/HTTP JSON).</p>
<table>
<thead><tr><th>start</th><th>root span</th><th>services</th><th>spans</th><th>duration</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}

/** The spans in waterfall order: each after its parent, siblings by start, with its depth below the roots. */
function waterfallOrder(spans: readonly ReceivedSpan[]): Array<{ span: ReceivedSpan; depth: number }> {
  const children = new Map<string, ReceivedSpan[]>();
  const roots = rootsOf(spans);
  const rootSet = new Set(roots);
  for (const span of spans) {
    if (rootSet.has(span) || span.parentSpanId === undefined) continue;
    const siblings = children.get(span.parentSpanId) ?? [];
    siblings.push(span);
    children.set(span.parentSpanId, siblings);
  }
  const rows: Array<{ span: ReceivedSpan; depth: number }> = [];
  const placed = new Set<ReceivedSpan>();
  const place = (span: ReceivedSpan, depth: number) => {
    if (placed.has(span)) return;
    placed.add(span);
    rows.push({ span, depth });
    for (const child of (children.get(span.spanId) ?? []).sort(byStart)) place(child, depth + 1);
  };
  for (const root of roots.sort(byStart)) place(root, 0);
  // Spans whose parents form a loop (ids repeated by a faulty exporter) are shown too, at the top level.
  for (const span of [...spans].sort(byStart)) place(span, 0);
  return rows;
}

const hueOf = (service: string) =>
  [...service].reduce((hash, character) => (hash * 31 + character.charCodeAt(0)) % 360, 7);

function details(span: ReceivedSpan): string {
  const entries: Array<[string, string]> = [
    ["kind", span.kind],
    ["status", span.status.message ? `${span.status.code}: ${span.status.message}` : span.status.code],
    ["span id", span.spanId],
    ["parent span id", span.parentSpanId ?? "(none)"],
    ...(span.scope ? [["scope", span.scope] as [string, string]] : []),
    ...Object.entries(span.attributes).map(([key, value]): [string, string] => [key, shown(value)]),
    ...(span.events ?? []).map((event): [string, string] => [
      `event ${event.name}`,
      Object.entries(event.attributes)
        .map(([key, value]) => `${key}=${shown(value)}`)
        .join(" "),
    ]),
  ];
  return entries.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join("");
}

/** `GET /traces/{traceId}`: one row per span, indented by depth, its bar placed on the trace's time line. */
export function waterfallPage(traceId: string, spans: readonly ReceivedSpan[]): string {
  const { startNs, endNs } = extentOf(spans);
  const total = Number(endNs - startNs) || 1;
  const percent = (ns: bigint) => ((Number(ns) / total) * 100).toFixed(3);
  const rows = waterfallOrder(spans)
    .map(({ span, depth }) => {
      const start = BigInt(span.startNs);
      const end = BigInt(span.endNs);
      const hover = Object.entries(span.attributes)
        .map(([key, value]) => `${key}=${shown(value)}`)
        .join("\n");
      return `<details${span.status.code === "error" ? ' class="error"' : ""}>
<summary title="${escapeHtml(hover)}">
<span class="name" style="padding-left: ${depth * 1.2}em">${escapeHtml(span.name)}</span>
<span class="service">${escapeHtml(span.service)}</span>
<span class="timeline"><span class="bar" style="--hue: ${hueOf(span.service)}; left: ${percent(start - startNs)}%; width: ${percent(end - start)}%"></span></span>
<span class="duration">${milliseconds(millisecondsBetween(start, end))}</span>
</summary>
<dl>${details(span)}</dl>
</details>`;
    })
    .join("\n");
  const services = [...new Set(spans.map((span) => span.service))];
  return page(
    `Trace ${traceId}`,
    `<p><a href="/traces">All traces</a> · ${spans.length} spans · ${escapeHtml(services.join(", "))} ·
${milliseconds(millisecondsBetween(startNs, endNs))}, from ${escapeHtml(new Date(Number(startNs / 1_000_000n)).toISOString())}.
Open a span for its attributes.</p>
${rows}`,
  );
}

/** The page of a trace that is not (or no longer) kept. */
export const missingTracePage = (traceId: string) =>
  page("Trace not found", `<p>No trace ${escapeHtml(traceId)} is kept. <a href="/traces">All traces</a></p>`);
