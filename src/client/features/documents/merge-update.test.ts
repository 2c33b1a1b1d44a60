import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../../shared/contracts/documents";
import { mergeUpdate, summaryOf } from "./merge-update";

const doc = (id: string, version: number, updated_at: string, title = id): DocumentRecord => ({
  id,
  user_id: "owner",
  title,
  content: { type: "doc", content: [] },
  version,
  is_public: false,
  allow_editing: false,
  share_expires_at: null,
  has_password: false,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at,
  word_goal: null,
});

describe("mergeUpdate", () => {
  const list = [doc("a", 3, "2026-01-03T00:00:00.000Z"), doc("b", 1, "2026-01-02T00:00:00.000Z")].map(summaryOf);

  it("replaces the document in place and keeps the owner as user_id", () => {
    const next = mergeUpdate(list, { ...doc("b", 2, "2026-01-04T00:00:00.000Z", "B2"), user_id: "writer" });
    expect(next!.map((d) => [d.id, d.title, d.user_id])).toEqual([
      ["a", "a", "owner"],
      ["b", "B2", "owner"],
    ]);
  });

  it("counts the words and takes the excerpt of an updated record, as the server's list does", () => {
    const content = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Chapter  one" }] },
        { type: "paragraph", content: [{ type: "text", text: "It was a dark night." }] },
      ],
    } as DocumentRecord["content"];
    const next = mergeUpdate(list, { ...doc("a", 4, "2026-01-06T00:00:00.000Z"), content });
    expect(next![0]).toMatchObject({ id: "a", word_count: 7, excerpt: "Chapter one · It was a dark night." });
    expect(next![0]).not.toHaveProperty("content");
  });

  it("ignores stale or unknown records and an unloaded list", () => {
    expect(mergeUpdate(list, doc("a", 3, "2026-01-05T00:00:00.000Z", "old"))).toBe(list);
    expect(mergeUpdate(list, doc("zzz", 9, "2026-01-05T00:00:00.000Z"))).toBe(list);
    expect(mergeUpdate(undefined, doc("a", 9, "2026-01-05T00:00:00.000Z"))).toBeUndefined();
  });
});
