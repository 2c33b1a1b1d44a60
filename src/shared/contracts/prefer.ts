// The Prefer header value (RFC 7240) asking a save to answer without the document's
// content. A module of its own, free of zod, so the editor can import it without the
// schema library.
export const PREFER_RETURN_MINIMAL = "return=minimal";
