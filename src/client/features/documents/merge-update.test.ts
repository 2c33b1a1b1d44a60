import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../../shared/contracts/documents";
import { mergeUpdate } from "./merge-update";

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
});

describe("mergeUpdate", () => {
  const list = [doc("a", 3, "2026-01-03T00:00:00.000Z"), doc("b", 1, "2026-01-02T00:00:00.000Z")];

  it("replaces the document, keeps the owner as user_id and moves it to the top", () => {
    const next = mergeUpdate(list, { ...doc("b", 2, "2026-01-04T00:00:00.000Z", "B2"), user_id: "writer" });
    expect(next!.map((d) => [d.id, d.title, d.user_id])).toEqual([
      ["b", "B2", "owner"],
      ["a", "a", "owner"],
    ]);
  });

  it("ignores stale or unknown records and an unloaded list", () => {
    expect(mergeUpdate(list, doc("a", 3, "2026-01-05T00:00:00.000Z", "old"))).toBe(list);
    expect(mergeUpdate(list, doc("zzz", 9, "2026-01-05T00:00:00.000Z"))).toBe(list);
    expect(mergeUpdate(undefined, doc("a", 9, "2026-01-05T00:00:00.000Z"))).toBeUndefined();
  });
});
