// Numeric constants from the two spec documents (§9 of each) that the server, or more than
// one part of the client, needs. Those of one client module live beside it (toasts in
// src/client/lib/toast.ts, the subscription refetch and checkout delays in src/client/lib/).
export const AUTOSAVE_DELAY_MS = 2000;
/** Typing without a pause is still saved this often: the 2 s delay restarts on every change. */
export const AUTOSAVE_MAX_WAIT_MS = 10_000;
export const COPY_CONFIRMATION_MS = 2000;
export const PRINT_EXPORT_DELAY_MS = 500;
export const UNDO_DEPTH = 100;
export const UNDO_GROUP_DELAY_MS = 500;
export const WORDS_PER_MINUTE = 200;
export const DEFAULT_ALTERNATIVES_COUNT = 3;
export const DEFAULT_READABILITY = 7;
export const BLOCK_MENU_MAX_HEIGHT_PX = 400;
/** NIST SP 800-63B §5.1.1.2: memorized secrets chosen by the user are at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;
export const DEFAULT_DOCUMENT_TITLE = "Untitled Document";
export const DASHBOARD_PLACEHOLDER_CARDS = 6;
export const REALTIME_MAX_EVENTS_PER_SECOND = 10;
export const TITLE_MAX_LENGTH = 255;
/** Largest document content accepted, as serialized JSON bytes. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Request body cap on the routes that carry a document: room for the content plus JSON escaping, so the 413 with our message comes from the content check. */
export const DOCUMENT_BODY_LIMIT = DOCUMENT_MAX_BYTES + 1024 * 1024;

/** A numbered list's first number is below this: CommonMark's limit (a list marker has at most nine digits). */
export const ORDERED_LIST_START_LIMIT = 1_000_000_000;

/** The largest word-count goal of a document (a long novel is some 200,000 words). */
export const WORD_GOAL_MAX = 1_000_000;
