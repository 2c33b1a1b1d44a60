// The types every layer shares without importing a layer: the signed-in user and the
// external services the app talks to. Each service's own interface lives with its adapters
// (<area>/providers/types.ts); this file only gathers them, and imports nothing that could
// import it back (context.ts, auth/session-cache.ts and http/auth-hook.ts all read AuthUser
// from here, so none of them imports another for it).
import type { DocNode } from "../shared/editor/schema.js";
import type { AiProvider } from "./ai/providers/types.js";
import type { PaymentProvider } from "./billing/providers/types.js";
import type { RateWindowStore } from "./http/providers/types.js";
import type { ImageStore } from "./images/providers/types.js";
import type { Mailer } from "./mail/providers/types.js";
import type { RealtimeBus } from "./realtime/providers/types.js";

export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  sessionId: string;
  emailConfirmedAt: Date | null;
}

/**
 * Live documents being co-edited (collab/server.ts). The REST save path hands content
 * changes to it so they merge with open editing sessions instead of overwriting them.
 */
export interface LiveDocuments {
  /**
   * A change made against stored version `baseVersion` (a REST save): merges with what editors
   * typed since; "changed" when the document is no longer at that version.
   */
  applyChange(documentId: string, change: LiveChange, baseVersion: number): Promise<"applied" | "changed">;
  /** Makes the live document hold exactly this (a restore), whatever editors typed; stored at once. */
  replaceContent(documentId: string, change: LiveChange): Promise<void>;
  /** What the live document holds now, unstored changes included (null when it is gone). */
  liveContent(documentId: string): Promise<{ content: DocNode; title: string } | null>;
  /**
   * An editor is about to join document `documentId` (the caller has checked their access):
   * its live state starts loading now, while their connection opens. Never throws.
   */
  prepare(documentId: string): void;
}

/** A change saved through the REST API: the new body and/or title. */
export interface LiveChange {
  content?: DocNode;
  title?: string;
}

/** The external services, each built once by services.ts and reached through AppContext. */
export interface Services {
  mailer: Mailer;
  realtime: RealtimeBus;
  payments: PaymentProvider;
  ai: AiProvider;
  /** Where rate-limit windows are counted (http/rate-limiter.ts). */
  rateLimits: RateWindowStore;
  /** Where image bytes are kept (images/providers/). */
  imageStore: ImageStore;
}
