// Typed mirror of the committed SQL migrations (src/server/db/migrations). The SQL is the
// source of truth; schema.int.test.ts checks that every column named here exists.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull(),
  passwordHash: text("password_hash"),
  fullName: text("full_name").notNull().default(""),
  role: text("role").notNull().default("authenticated"),
  emailConfirmedAt: ts("email_confirmed_at"),
  pendingEmail: text("pending_email"),
  lastSignInAt: ts("last_sign_in_at"),
  /** 0200: when the last email-change link went out (GoTrue's email_change_sent_at). */
  emailChangeSentAt: ts("email_change_sent_at"),
  userMetadata: jsonb("user_metadata").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const sessions = pgTable("sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  userAgent: text("user_agent"),
  ip: text("ip"),
  createdAt: ts("created_at").notNull().defaultNow(),
  refreshedAt: ts("refreshed_at"),
  revokedAt: ts("revoked_at"),
});

export const refreshTokens = pgTable("refresh_tokens", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  sessionId: uuid("session_id").notNull(),
  userId: uuid("user_id").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  parentId: bigint("parent_id", { mode: "number" }),
  revoked: boolean("revoked").notNull().default(false),
  rotatedAt: ts("rotated_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const oneTimeTokens = pgTable("one_time_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  purpose: text("purpose").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  email: text("email").notNull(),
  redirectTo: text("redirect_to"),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
  /** 0200: SHA-256 of "address:6-digit code" mailed with the link; null for link-only tokens. */
  codeHash: text("code_hash"),
  /** 0200: the PKCE flow this link finishes (authFlowStates.id), if any. */
  flowStateId: uuid("flow_state_id"),
});

/** 0200: PKCE flows (GoTrue's flow_state). */
export const authFlowStates = pgTable("auth_flow_states", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  codeChallengeMethod: text("code_challenge_method").notNull(),
  authenticationMethod: text("authentication_method").notNull(),
  authCodeHash: text("auth_code_hash").unique(),
  authCodeIssuedAt: ts("auth_code_issued_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const documents = pgTable("documents", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  title: text("title").notNull().default("Untitled Document"),
  content: jsonb("content").notNull().default(sql`'{"type":"doc","content":[]}'::jsonb`),
  textContent: text("text_content").notNull().default(""),
  wordCount: integer("word_count").notNull().default(0),
  /** The writer's word-count goal, or null (migrations/0215_word_goals.sql). */
  wordGoal: integer("word_goal"),
  /** Set while the document is in the trash (migrations/0100_trash.sql). */
  deletedAt: ts("deleted_at"),
  version: integer("version").notNull().default(1),
  isPublic: boolean("is_public").notNull().default(false),
  allowEditing: boolean("allow_editing").notNull().default(false),
  sharePasswordHash: text("share_password_hash"),
  shareExpiresAt: ts("share_expires_at"),
  shareGeneration: integer("share_generation").notNull().default(0),
  /** Has a live (Yjs) state in document_states: its content then changes only through it (migrations/0160_co_edited.sql). */
  coEdited: boolean("co_edited").notNull().default(false),
  /** Whether share-link visitors see the comments (migrations/0230_comments.sql); off by default. */
  shareComments: boolean("share_comments").notNull().default(false),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  // search (tsvector, brought up to date by search/refresh.ts; migrations/0120_search.sql, 0150_search_deferred.sql) is left out: select() would fetch it. Used in search/queries.ts.
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** The Yjs state of a co-edited document (collab/state-store.ts); documents.content is derived from it. */
export const documentStates = pgTable("document_states", {
  documentId: uuid("document_id").primaryKey(),
  state: bytea("state").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Live changes not yet in document_states, written before they are acknowledged (collab/update-log.ts, migrations/0170_document_updates.sql). */
export const documentUpdates = pgTable("document_updates", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  documentId: uuid("document_id").notNull(),
  origin: text("origin").notNull(),
  update: bytea("update").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** People a document is shared with by email (migrations/0080_members.sql). */
export const documentMembers = pgTable("document_members", {
  id: uuid("id").primaryKey().defaultRandom(),
  documentId: uuid("document_id").notNull(),
  email: text("email").notNull(),
  userId: uuid("user_id"),
  role: text("role").notNull(),
  tokenHash: text("token_hash").notNull(),
  invitedBy: uuid("invited_by").notNull(),
  /** Set with user_id when the invitee accepts (migrations/0180_invitation_consent.sql); null while pending. */
  acceptedAt: ts("accepted_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Snapshots of a document's content for its version history (migrations/0110_versions.sql). */
export const documentVersions = pgTable("document_versions", {
  id: uuid("id").primaryKey().defaultRandom(),
  documentId: uuid("document_id").notNull(),
  docVersion: integer("doc_version").notNull(),
  kind: text("kind").notNull(),
  name: text("name"),
  authors: jsonb("authors").notNull().default([]),
  title: text("title").notNull(),
  content: bytea("content").notNull(),
  jsonBytes: integer("json_bytes").notNull(),
  wordCount: integer("word_count").notNull().default(0),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Documents a user pinned to the top of their dashboard (migrations/0130_pins.sql). */
export const documentPins = pgTable(
  "document_pins",
  {
    userId: uuid("user_id").notNull(),
    documentId: uuid("document_id").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);

export const aiSuggestions = pgTable("ai_suggestions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").notNull(),
  documentId: uuid("document_id"),
  originalText: text("original_text").notNull(),
  suggestedText: text("suggested_text").notNull(),
  type: text("type").notNull().default("improvement"),
  accepted: boolean("accepted"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const aiUsage = pgTable(
  "ai_usage",
  {
    userId: uuid("user_id").notNull(),
    month: text("month").notNull(),
    tokensUsed: bigint("tokens_used", { mode: "number" }).notNull().default(0),
    tokensReserved: bigint("tokens_reserved", { mode: "number" }).notNull().default(0),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** A user's own model connection (0140_ai_connections.sql); api_key is ciphertext. */
export const aiConnections = pgTable("ai_connections", {
  userId: uuid("user_id").primaryKey(),
  baseUrl: text("base_url").notNull(),
  model: text("model").notNull(),
  apiKey: text("api_key"),
  keyHint: text("key_hint"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const subscriptions = pgTable("subscriptions", {
  userId: uuid("user_id").primaryKey(),
  provider: text("provider").notNull().default("builtin"),
  customerId: text("customer_id"),
  subscriptionId: text("subscription_id"),
  plan: text("plan").notNull().default("gratis"),
  priceId: text("price_id"),
  status: text("status").notNull().default("inactive"),
  currentPeriodEnd: ts("current_period_end"),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  // Timestamp of the provider state this row reflects; older events never overwrite it.
  stateAt: ts("state_at").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  // 0190: start of the paid period; a plan change due at its end (Stripe: its schedule id).
  currentPeriodStart: ts("current_period_start"),
  scheduledPlan: text("scheduled_plan"),
  scheduledPriceId: text("scheduled_price_id"),
  scheduledAt: ts("scheduled_at"),
  scheduleId: text("schedule_id"),
});

export const checkoutSessions = pgTable("checkout_sessions", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull().default("builtin"),
  userId: uuid("user_id"),
  email: text("email"),
  plan: text("plan").notNull(),
  priceId: text("price_id").notNull(),
  status: text("status").notNull().default("open"),
  customerId: text("customer_id"),
  subscriptionId: text("subscription_id"),
  createdAt: ts("created_at").notNull().defaultNow(),
  completedAt: ts("completed_at"),
});

export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: ts("processed_at").notNull().defaultNow(),
});

export const preferences = pgTable("preferences", {
  userId: uuid("user_id").primaryKey(),
  preferences: jsonb("preferences").notNull().default({}),
  notifications: jsonb("notifications").notNull().default({}),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** The writer's dictionary words and ignored findings for the check as you type (migrations/0240_personal_dictionary.sql). */
export const personalDictionary = pgTable(
  "personal_dictionary",
  {
    userId: uuid("user_id").notNull(),
    kind: text("kind").notNull(),
    rule: text("rule").notNull().default(""),
    entry: text("entry").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.rule, t.entry] })],
);

export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id"),
  toEmail: text("to_email").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  links: jsonb("links").notNull().default([]),
  /** 0245: extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  createdAt: ts("created_at").notNull().defaultNow(),
});

// Sharing (0050_sharing.sql): failed share-password attempts, for per-link/per-IP limits.
export const shareUnlockFailures = pgTable("share_unlock_failures", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  documentId: uuid("document_id").notNull(),
  ip: text("ip").notNull(),
  failedAt: ts("failed_at").notNull(),
});

export const invoices = pgTable("invoices", {
  id: text("id").primaryKey(),
  userId: uuid("user_id").notNull(),
  provider: text("provider").notNull().default("builtin"),
  subscriptionId: text("subscription_id"),
  checkoutSessionId: text("checkout_session_id"),
  plan: text("plan").notNull(),
  billingInterval: text("billing_interval").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  status: text("status").notNull().default("paid"),
  periodStart: ts("period_start").notNull(),
  periodEnd: ts("period_end").notNull(),
  createdAt: ts("created_at").notNull(),
  // 0190: the lines of a proration invoice (a credit and a charge), in cents.
  lines: jsonb("lines").$type<{ description: string; amountCents: number }[]>(),
});

/** Stored images (migrations/0210_images.sql); counted against the owner's plan's image storage. */
export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  ownerId: uuid("owner_id").notNull(),
  contentType: text("content_type").notNull(),
  byteSize: integer("byte_size").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  storageKey: text("storage_key").notNull().unique(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Which documents may show an image: readers of any of them may fetch it (images/access.ts). */
export const documentImages = pgTable(
  "document_images",
  {
    documentId: uuid("document_id").notNull(),
    imageId: uuid("image_id").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.imageId] })],
);

/** Image bytes for the built-in store (images/providers/builtin.ts). */
export const imageBlobs = pgTable("image_blobs", {
  storageKey: text("storage_key").primaryKey(),
  bytes: bytea("bytes").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** A comment thread on a passage (migrations/0230_comments.sql); anchored by the comment mark whose threadId is anchor_id. */
export const commentThreads = pgTable("comment_threads", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The order threads were started in (an identity column; never written). */
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  documentId: uuid("document_id").notNull(),
  anchorId: text("anchor_id").notNull(),
  quote: text("quote").notNull().default(""),
  createdBy: uuid("created_by"),
  resolvedAt: ts("resolved_at"),
  resolvedBy: uuid("resolved_by"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** One comment in a thread; `search` (a generated tsvector of the body) is left out, as for documents. */
export const comments = pgTable("comments", {
  id: uuid("id").primaryKey().defaultRandom(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  threadId: uuid("thread_id").notNull(),
  documentId: uuid("document_id").notNull(),
  authorId: uuid("author_id"),
  authorName: text("author_name").notNull().default(""),
  body: text("body").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  editedAt: ts("edited_at"),
  deletedAt: ts("deleted_at"),
});

/** A mention or a reply someone is told about (migrations/0245_notifications.sql): the inbox, and the email batch. */
export const notifications = pgTable("notifications", {
  id: uuid("id").primaryKey().defaultRandom(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  userId: uuid("user_id").notNull(),
  kind: text("kind").$type<"mention" | "reply">().notNull(),
  documentId: uuid("document_id").notNull(),
  threadId: uuid("thread_id").notNull(),
  commentId: uuid("comment_id").notNull(),
  actorId: uuid("actor_id"),
  actorName: text("actor_name").notNull().default(""),
  excerpt: text("excerpt").notNull().default(""),
  createdAt: ts("created_at").notNull().defaultNow(),
  readAt: ts("read_at"),
  emailState: text("email_state").$type<"pending" | "sent" | "skipped">().notNull().default("pending"),
  emailedAt: ts("emailed_at"),
});

/** Per person: the last notification email (the batching window) and the unsubscribe links' generation. */
export const notificationMail = pgTable("notification_mail", {
  userId: uuid("user_id").primaryKey(),
  lastSentAt: ts("last_sent_at"),
  unsubscribeGeneration: integer("unsubscribe_generation").notNull().default(0),
});
