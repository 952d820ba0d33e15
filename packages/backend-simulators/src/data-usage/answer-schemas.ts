import { Type } from "typebox";

// The answer of cyverse-de/data-usage-api's GET /{username}/data/current (api/lookup.go): natsconn/types.go
// UserDataUsage, its user the DE's (db/de.go).
export const UserDataUsage = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  username: Type.String(),
  total: Type.Integer(),
  time: Type.String(),
  last_modified: Type.String(),
});
