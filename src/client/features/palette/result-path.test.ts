import { describe, expect, it } from "vitest";
import type { SearchResult } from "../../../shared/contracts/search";
import { resultPath } from "./result-path";

const result = (over: Partial<SearchResult>): SearchResult => ({
  id: "doc-1",
  title: "Report",
  title_highlight: [{ text: "Report", mark: false }],
  snippet: [{ text: "Some text", mark: false }],
  access: "owner",
  comment: null,
  updated_at: "2026-11-27T00:00:00.000Z",
  ...over,
});
const comment = { thread_id: "thread-1", snippet: [{ text: "quillwort", mark: true }] };

describe("resultPath", () => {
  it("opens the thread when only a comment matched", () => {
    expect(resultPath(result({ comment }))).toBe("/editor/doc-1?thread=thread-1");
  });
  it("opens the document when its text or title matched, a comment too or not", () => {
    expect(resultPath(result({ comment, snippet: [{ text: "quillwort", mark: true }] }))).toBe("/editor/doc-1");
    expect(resultPath(result({ comment, title_highlight: [{ text: "Quillwort", mark: true }] }))).toBe("/editor/doc-1");
    expect(resultPath(result({}))).toBe("/editor/doc-1");
  });
});
