import { describe, expect, it } from "vitest";
import { collabNotice } from "./collab.js";
import { readCollabNotice } from "./collab-wire.js";

// The editor reads the server's notices with readCollabNotice (no zod on its first load);
// the server's schema is collabNotice. Both must take and refuse the same messages.
const samples: unknown[] = [
  { type: "stored", version: 3, updatedAt: "2026-11-25T10:00:00.000Z", stateVector: "AQID" },
  { type: "stored", version: 0, updatedAt: "", stateVector: "", extra: true },
  { type: "store-failed", retryInMs: 2000 },
  { type: "store-failed", retryInMs: 1.5 },
  { type: "stored", version: 3.5, updatedAt: "x", stateVector: "AQID" },
  { type: "stored", version: 2 ** 60, updatedAt: "x", stateVector: "AQID" },
  { type: "stored", version: "3", updatedAt: "x", stateVector: "AQID" },
  { type: "stored", version: 3, stateVector: "AQID" },
  { type: "stored", version: 3, updatedAt: "x", stateVector: 7 },
  { type: "store-failed" },
  { type: "store-failed", retryInMs: Number.NaN },
  { type: "store-failed", retryInMs: Number.POSITIVE_INFINITY },
  { type: "comments", threadId: "6f1c2a9e-0000-4000-8000-000000000000" },
  { type: "comments", threadId: 7 },
  { type: "comments" },
  { type: "awareness", version: 1 },
  { version: 1 },
  null,
  "stored",
  [{ type: "stored" }],
  42,
];

describe("readCollabNotice", () => {
  it.each(samples.map((s) => [JSON.stringify(s) ?? String(s), s]))("answers like the server's schema for %s", (_label, sample) => {
    const schema = collabNotice.safeParse(sample);
    expect(readCollabNotice(sample)).toEqual(schema.success ? schema.data : null);
  });

  it("keeps only the notice's own fields", () => {
    expect(readCollabNotice({ type: "store-failed", retryInMs: 5, stateVector: "AQID" })).toEqual({ type: "store-failed", retryInMs: 5 });
  });
});
