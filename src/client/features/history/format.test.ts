import { describe, expect, it } from "vitest";
import { VERSION_NAME_MAX_LENGTH, type VersionSummary } from "../../../shared/contracts/versions";
import { authorsLabel, dayLabel, groupByDay, NAME_MAX_LENGTH, retentionLabel, versionNote } from "./format";

const version = (id: string, created_at: Date): VersionSummary => ({
  id,
  created_at: created_at.toISOString(),
  kind: "auto",
  name: null,
  authors: [],
  title: "Story",
  word_count: 1,
  json_bytes: 10,
  stored_bytes: 5,
});

describe("version history wording", () => {
  const now = new Date(2025, 2, 5, 10, 0);

  it("heads the days Today, Yesterday, then by date (with the year when not this one)", () => {
    expect(dayLabel(new Date(2025, 2, 5, 0, 1), now, "en-GB")).toBe("Today");
    expect(dayLabel(new Date(2025, 2, 4, 23, 59), now, "en-GB")).toBe("Yesterday");
    expect(dayLabel(new Date(2025, 2, 3, 12, 0), now, "en-GB")).toMatch(/^Monday,? 3 March$/);
    expect(dayLabel(new Date(2024, 11, 31, 12, 0), now, "en-GB")).toMatch(/^Tuesday,? 31 December 2024$/);
  });

  it("groups versions, newest first, by day", () => {
    const list = [version("a", new Date(2025, 2, 5, 9)), version("b", new Date(2025, 2, 5, 8)), version("c", new Date(2025, 2, 4, 8)), version("d", new Date(2025, 1, 1))];
    const groups = groupByDay(list, now, "en-GB");
    expect(groups.map((g) => g.versions.map((v) => v.id).join(""))).toEqual(["ab", "c", "d"]);
    expect(groups.map((g) => g.label)).toEqual(["Today", "Yesterday", dayLabel(new Date(2025, 1, 1), now, "en-GB")]);
  });

  it("names the authors and the retention", () => {
    const a = (name: string) => ({ id: name, name });
    expect(authorsLabel([])).toBe("");
    expect(authorsLabel([a("Ann"), a("Bo")])).toBe("Ann and Bo");
    expect(authorsLabel([a("Ann"), a("Bo"), a("Cy")])).toBe("Ann, Bo and Cy");
    expect(authorsLabel([a("Ann"), a("Bo"), a("Cy"), a("Di")])).toBe("Ann, Bo and 2 others");
    expect(retentionLabel(7)).toMatch(/^Versions are kept for 7 days on your plan/);
    expect(retentionLabel(null)).toBe("Versions are kept as long as the document.");
  });

  it("says a named version stays, and what an unnamed one kept", () => {
    expect(versionNote({ kind: "named", name: "Sent" })).toBe("Named: kept as long as the document.");
    expect(versionNote({ kind: "auto", name: "Sent" })).toMatch(/^Kept automatically.*Named: kept as long as the document\.$/);
    expect(versionNote({ kind: "restore", name: null })).toBe("The text as it was just before an earlier version was restored.");
    expect(versionNote({ kind: "named", name: null })).toMatch(/without a name it is kept like the automatic versions/);
  });

  it("limits names as the server does", () => {
    expect(NAME_MAX_LENGTH).toBe(VERSION_NAME_MAX_LENGTH);
  });
});
