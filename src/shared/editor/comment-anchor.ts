// The id a comment mark carries (its threadId), without dependencies: the mark, the
// validator and the comments contract all check it with this one pattern.
export const COMMENT_MARK = "comment";
export const COMMENT_ANCHOR_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const isCommentAnchorId = (value: unknown): value is string => typeof value === "string" && COMMENT_ANCHOR_PATTERN.test(value);
