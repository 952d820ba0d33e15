import { Type } from "typebox";

export const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

export const Uuid = (description: string) => Type.String({ pattern: UUID_PATTERN, description });

export const Comment = Type.Object(
  {
    id: Type.String({ description: "the comment's UUID" }),
    commenter: Type.String({ description: "user name of the author" }),
    post_time: Type.Integer({ description: "when it was posted, ms since the epoch" }),
    retracted: Type.Boolean({ description: "whether the comment is retracted" }),
    comment: Type.String({ description: "the text" }),
  },
  { additionalProperties: true },
);

export const CommentRequest = Type.Object({ comment: Type.String({ description: "the text of the comment" }) });
export const CommentResponse = Type.Object({ comment: Comment });
export const CommentList = Type.Object({ comments: Type.Array(Comment) });

export const RetractionQuery = Type.Object({
  retracted: Type.Union([Type.Literal("true"), Type.Literal("false")], {
    description: "true retracts the comment, false readmits it",
  }),
});
