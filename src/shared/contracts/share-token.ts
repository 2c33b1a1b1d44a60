// The share token's header, without zod, for code on the editor's first load.

/** Header a visitor sends the share token in (after unlocking a password-protected link). */
export const SHARE_TOKEN_HEADER = "x-share-token";
