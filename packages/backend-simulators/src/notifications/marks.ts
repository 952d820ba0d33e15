import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { ErrorResponse, SuccessCount } from "./answer-schemas.js";
import { usernameIn, uuidList } from "./bodies.js";
import { criteriaFrom, userMessages, userRows, userRowsWithIds } from "./inbox.js";
import type { IntakeState, StoredNotification } from "./intake.js";
import { filterParam, requiredUser } from "./query-params.js";
import { serviceScope } from "./service-errors.js";

const countAnswers = answers({ 200: SuccessCount, 400: ErrorResponse });

/**
 * Changing a user's messages (api/v1/updates.go): `POST /seen`, `POST /mark-all-seen` (user in the body),
 * `POST /delete`, `DELETE /delete-all` (optionally only a type, or `new`). Unknown ids and other users' messages
 * are silently left alone. Answers carry `count`, the rows the UPDATE matched (db/updates.go): `/seen` and `/delete`
 * count every listed message of the user's, already seen or deleted ones too, `/mark-all-seen` every unseen one,
 * deleted or not; only `/delete-all` skips deleted ones.
 */
export const marks = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    serviceScope(app, (scope) => {
      const inbox = () => all().intake as IntakeState;
      const changed = (rows: StoredNotification[], change: (stored: StoredNotification) => void) => {
        for (const stored of rows) change(stored);
        return { success: true, count: rows.length };
      };
      const markSeen = (stored: StoredNotification) => {
        stored.seen = true;
      };
      const markDeleted = (stored: StoredNotification) => {
        stored.deleted = true;
      };

      scope.post("/seen", countAnswers, async (request) => {
        const owner = requiredUser(request.query);
        return changed(userRowsWithIds(inbox(), owner, uuidList(request.body)), markSeen);
      });

      scope.post("/mark-all-seen", countAnswers, async (request) =>
        changed(userRows(inbox(), usernameIn(request.body), { seen: false }), markSeen),
      );

      scope.post("/delete", countAnswers, async (request) => {
        const owner = requiredUser(request.query);
        return changed(userRowsWithIds(inbox(), owner, uuidList(request.body)), markDeleted);
      });

      scope.delete("/delete-all", countAnswers, async (request) => {
        const owner = requiredUser(request.query);
        return changed(userMessages(inbox(), owner, criteriaFrom(filterParam(request.query), undefined)), markDeleted);
      });
    }),
});
