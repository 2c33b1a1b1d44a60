import { describe, expect, it } from "vitest";
import { exportBaseName, exportFileName } from "./filename.js";

describe("export file name", () => {
  const day = new Date(2026, 10, 5, 23, 30); // 5 Nov 2026, local time

  it("replaces every non-letter/digit with _, lowercases and appends the date and extension", () => {
    expect(exportFileName("My Report: Q3/2026!", "pdf", day)).toBe("my_report__q3_2026__2026-11-05.pdf");
    expect(exportFileName("Notes", "md", day)).toBe("notes_2026-11-05.md");
  });

  it("counts letters and digits of every script as letters", () => {
    expect(exportBaseName("Résumé – Ωmega 東京 ٣")).toBe("résumé___ωmega_東京_٣");
    expect(exportBaseName("emoji 🎉 ok")).toBe("emoji___ok");
  });

  it("falls back to document when nothing is left", () => {
    expect(exportFileName("", "txt", day)).toBe("document_2026-11-05.txt");
    expect(exportFileName("   ", "html", day)).toBe("document_2026-11-05.html");
    expect(exportFileName("?!", "docx", day)).toBe("document_2026-11-05.docx");
  });

  it("uses the UTC day on the server", () => {
    expect(exportFileName("a", "md", new Date("2026-11-05T23:30:00Z"), true)).toBe("a_2026-11-05.md");
  });

  it("keeps long titles to a file-system-friendly length", () => {
    expect(exportBaseName("a".repeat(300))).toHaveLength(100);
  });
});
