import { Type } from "typebox";
import { NonBlankString, Uuid } from "./common.js";

// common-swagger-api src/common_swagger_api/schema/webhooks.clj.

/** webhooks.clj `WebhookType`. */
const WebhookType = Type.Object({
  id: Type.Optional(Uuid),
  type: NonBlankString,
  template: Type.Optional(Type.String()),
});

/** webhooks.clj `WebhookList`. */
export const WebhookList = Type.Object({
  webhooks: Type.Array(
    Type.Object({
      id: Type.Optional(Uuid),
      type: WebhookType,
      url: NonBlankString,
      topics: Type.Array(NonBlankString),
    }),
  ),
});

/** webhooks.clj `TopicList`. */
export const TopicList = Type.Object({ topics: Type.Array(Type.Object({ id: Uuid, topic: NonBlankString })) });

/** webhooks.clj `WebhookTypeList`. */
export const WebhookTypeList = Type.Object({ webhooktypes: Type.Array(WebhookType) });
