import { describe, expect, it } from "vitest";
import { documentChannel } from "../../shared/contracts/documents.js";
import { REVOCATION_CHANNEL } from "../realtime/index.js";
import { DOCUMENT_CHANGED_CHANNEL, ReadDecisions } from "./read-decisions.js";

const decision = (version: number) => ({ version, metaTail: `,"version":${version}}`, etag: `W/"${version}"` });

describe("ReadDecisions", () => {
  it("keeps a decision per user and document until its time is up", () => {
    let now = 0;
    const d = new ReadDecisions(1000, 10, () => now);
    d.set("u1", "doc", decision(3), d.mark());
    expect(d.get("u1", "doc")).toEqual(decision(3));
    expect(d.get("u2", "doc")).toBeUndefined();
    now = 1001;
    expect(d.get("u1", "doc")).toBeUndefined();
  });

  it("does not keep a decision read while something was forgotten: it may predate the change", () => {
    const d = new ReadDecisions();
    const mark = d.mark();
    d.forgetDocument("other");
    d.set("u1", "doc", decision(1), mark);
    expect(d.get("u1", "doc")).toBeUndefined();
  });

  it("forgets what each realtime event may have changed", () => {
    const d = new ReadDecisions();
    const fill = () => {
      for (const doc of ["a", "b"]) for (const user of ["u1", "u2"]) d.set(user, doc, decision(1), d.mark());
    };
    const kept = () => ["a", "b"].flatMap((doc) => ["u1", "u2"].filter((u) => d.get(u, doc)).map((u) => `${doc}:${u}`));
    fill();
    d.onEvent(documentChannel("a"), { id: "a", version: 2, writer: null });
    expect(kept()).toEqual(["b:u1", "b:u2"]);
    fill();
    d.onEvent(REVOCATION_CHANNEL, { type: "member", documentId: "b" });
    expect(kept()).toEqual(["a:u1", "a:u2"]);
    fill();
    d.onEvent(REVOCATION_CHANNEL, { type: "share", documentId: "a" });
    d.onEvent(DOCUMENT_CHANGED_CHANNEL, { documentId: "b" });
    expect(kept()).toEqual([]);
    fill();
    d.onEvent(REVOCATION_CHANNEL, { type: "session", sessionId: "s" });
    d.onEvent("comments", { anything: true });
    expect(kept()).toHaveLength(4);
    d.onEvent(REVOCATION_CHANNEL, { type: "user", userId: "u9" });
    expect(kept()).toEqual([]);
  });

  it("holds at most its limit, dropping the documents kept first", () => {
    const d = new ReadDecisions(60_000, 3);
    for (const doc of ["a", "b", "c", "d"]) d.set("u", doc, decision(1), d.mark());
    expect(["a", "b", "c", "d"].map((doc) => !!d.get("u", doc))).toEqual([false, true, true, true]);
    const none = new ReadDecisions(60_000, 0);
    none.set("u", "a", decision(1), none.mark());
    expect(none.get("u", "a")).toBeUndefined();
  });
});
