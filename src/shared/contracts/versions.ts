// Version history: snapshots of a document, listed, shown, named, restored and exported.
import { z } from "zod";
import type { DocNode } from "../editor/schema.js";

/** `created`: the document as it was created or imported, the first entry of every history. */
export const VERSION_KINDS = ["created", "auto", "session", "restore", "ai", "named"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/** At most one automatic snapshot per document in this time while it is being edited. */
export const AUTO_SNAPSHOT_EVERY_MS = 5 * 60 * 1000;
export const VERSION_NAME_MAX_LENGTH = 100;

/** Days an unnamed snapshot is kept, by the owner's plan (null: as long as the document). */
export const VERSION_RETENTION_DAYS = { gratis: 7, creator: 90, professional: null } as const;

export interface VersionAuthor {
  id: string | null;
  name: string;
}

export interface VersionSummary {
  id: string;
  created_at: string;
  kind: VersionKind;
  name: string | null;
  authors: VersionAuthor[];
  title: string;
  word_count: number;
  /** The snapshot's JSON size and what it takes stored (compressed). */
  json_bytes: number;
  stored_bytes: number;
}

/** Versions per page of the list, by default and at most. */
export const VERSION_PAGE_SIZE = 50;
export const VERSION_PAGE_MAX = 200;

/** GET /api/documents/:id/versions?limit=&before=: a page, newest first, older than `before` (a version id). */
export const VersionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(VERSION_PAGE_MAX).default(VERSION_PAGE_SIZE),
  before: z.string().optional(),
});

export type VersionListQuery = z.infer<typeof VersionListQuerySchema>;

/** GET /api/documents/:id/versions */
export interface VersionList {
  versions: VersionSummary[];
  /** Pass as `before` for the next (older) page; null when this page is the last. */
  next_before: string | null;
  /** How long unnamed versions are kept on the owner's plan (null: always). */
  retention_days: number | null;
}

/** GET /api/documents/:id/versions/:versionId */
export interface VersionDetail extends VersionSummary {
  content: DocNode;
}

export const VersionParamsSchema = z.object({ id: z.string(), versionId: z.string() });

/**
 * POST /api/documents/:id/versions: names the current state, or keeps it unnamed before an
 * accepted AI change that rewrites more than a paragraph (`before: "ai-change"`).
 */
export const NameVersionBodySchema = z.union([
  z.strictObject({ name: z.string().trim().min(1, "Name must not be empty").max(VERSION_NAME_MAX_LENGTH) }),
  z.strictObject({ before: z.literal("ai-change") }),
]);
export type SnapshotRequest = z.infer<typeof NameVersionBodySchema>;

/** PATCH /api/documents/:id/versions/:versionId: names or unnames a snapshot. */
export const RenameVersionBodySchema = z.strictObject({
  name: z.string().trim().min(1, "Name must not be empty").max(VERSION_NAME_MAX_LENGTH).nullable(),
});
