export { singleValuedQuery } from "./query-conflicts.js";
export { commentRoutes, commentsOn } from "./routes.js";
export { Comment, CommentList, CommentRequest, CommentResponse, Uuid } from "./schemas.js";
export type { CommentTarget, TargetAccess } from "./target.js";
