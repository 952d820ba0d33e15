import { randomUUID } from "node:crypto";
import type { Static } from "typebox";
import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest } from "../framework/problems.js";
import { TopicList, WebhookList, WebhookTypeList } from "./answer-schemas/webhooks.js";

/** The webhook types the platform's database is seeded with (de-database), with their message templates. */
const WEBHOOK_TYPES = [
  {
    id: "f4dbf5f4-c3f6-11e7-a333-008cfa5ae621",
    type: "Slack",
    template: '\n{\n\t"text": "{{.Msg}}. {{if .Completed}} <{{.Link}}|{{.LinkText}}> {{- end}}"\n}\n',
  },
  {
    id: "c9cd5218-d9e0-11e7-ac79-008cfa5ae621",
    type: "Zapier",
    template:
      '\n{\n  "id": "{{.ID}}",\n  "name": "{{.Name}}",\n  "text": "{{.Msg}}. {{if .Completed}} <{{.Link}}|{{.LinkText}}> {{- end}}"\n}\n',
  },
  { id: "32aaf1c4-91db-11e9-857c-008cfa5ae621", type: "Custom", template: "" },
] as const;

/** The notification topics a webhook can subscribe to (de-database's seed). */
const WEBHOOK_TOPICS = [
  { id: "f4dcbf16-c3f6-11e7-a333-008cfa5ae621", topic: "data" },
  { id: "f4dced88-c3f6-11e7-a333-008cfa5ae621", topic: "apps" },
  { id: "f4dd14f2-c3f6-11e7-a333-008cfa5ae621", topic: "analysis" },
  { id: "f4dd39fa-c3f6-11e7-a333-008cfa5ae621", topic: "permanent_id_request" },
  { id: "f4dd6164-c3f6-11e7-a333-008cfa5ae621", topic: "team" },
  { id: "f4dd834c-c3f6-11e7-a333-008cfa5ae621", topic: "tool_request" },
] as const;

interface StoredWebhook {
  id: string;
  url: string;
  type: string;
  topics: string[];
}

export interface WebhookState {
  /** Each user's webhooks, by username. */
  byUser: Map<string, StoredWebhook[]>;
}

const typeNamed = (name: string) => WEBHOOK_TYPES.find((type) => type.type === name);

const listing = (webhooks: readonly StoredWebhook[]) => ({
  webhooks: webhooks.map(({ id, url, type, topics }) => ({ id, url, type: typeNamed(type), topics })),
});

/**
 * Apps backend: a user's webhooks (where the notification agent posts their notifications), as cyverse-de/apps:
 * - `GET /webhooks?user` → `{webhooks: [{id, url, type: {id, type, template}, topics: [name]}]}`;
 * - `PUT /webhooks?user` `{webhooks: [{url, type: {type}, topics}]}` replaces the user's whole list (new ids) and
 *   answers it: a type named by none of the known types is 400 and nothing changes; unknown topics are dropped;
 * - `GET /webhooks/topics` → `{topics: [{id, topic}]}`, `GET /webhooks/types` → `{webhooktypes: [{id, type,
 *   template}]}`.
 */
export const webhooks = defineModule<WebhookState>({
  makeState: () => ({ byUser: new Map() }),
  routes: (app, state) =>
    backendScope(app, (scope) => {
      scope.get("/webhooks", answers({ 200: WebhookList }), async (request) =>
        listing(state().byUser.get(callerOf(request).username) ?? []),
      );

      scope.put<{ Body: Static<typeof WebhookList> }>(
        "/webhooks",
        { schema: { body: WebhookList }, ...answers({ 200: WebhookList }) },
        async (request) => {
          const { username } = callerOf(request);
          const unknown = request.body.webhooks.find((webhook) => !typeNamed(webhook.type.type));
          if (unknown) throw badRequest(`Unable to find webhook type: ${unknown.type.type}`);
          const known = new Set<string>(WEBHOOK_TOPICS.map((topic) => topic.topic));
          const replaced = request.body.webhooks.map((webhook) => ({
            id: randomUUID(),
            url: webhook.url,
            type: webhook.type.type,
            topics: [...new Set(webhook.topics.filter((topic) => known.has(topic)))],
          }));
          state().byUser.set(username, replaced);
          return listing(replaced);
        },
      );

      scope.get("/webhooks/topics", answers({ 200: TopicList }), async (request) => {
        callerOf(request);
        return { topics: WEBHOOK_TOPICS };
      });

      scope.get("/webhooks/types", answers({ 200: WebhookTypeList }), async (request) => {
        callerOf(request);
        return { webhooktypes: WEBHOOK_TYPES };
      });
    }),
});
