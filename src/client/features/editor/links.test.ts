import { describe, expect, it } from "vitest";
import { parseLinkInput } from "./links";

describe("add-link prompt", () => {
  it("accepts the allowed schemes and relative links", () => {
    for (const href of ["https://a.example/x", "http://a.example", "ftp://f.example", "mailto:a@b.c", "tel:+123", "sms:123", "xmpp:a@b", "/page", "#top", "?q=1", "../up"]) {
      expect(parseLinkInput(href)).toEqual({ kind: "set", href });
    }
  });

  it("adds https:// to a bare host", () => {
    expect(parseLinkInput(" example.com/path ")).toEqual({ kind: "set", href: "https://example.com/path" });
    expect(parseLinkInput("www.example.org")).toEqual({ kind: "set", href: "https://www.example.org" });
  });

  it("refuses other schemes with a message naming the allowed ones", () => {
    for (const href of ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:x", "data:text/html,x", "vbscript:x", "file:///etc/passwd"]) {
      const r = parseLinkInput(href);
      expect(r.kind).toBe("invalid");
      if (r.kind === "invalid") expect(r.message).toContain("https");
    }
    expect(parseLinkInput("javascript:alert(1)")).toMatchObject({ message: expect.stringContaining('"javascript:" links are not allowed') });
    expect(parseLinkInput("a b.com")).toEqual({ kind: "invalid", message: "A link address can't contain spaces." });
  });

  it("empty input removes the link", () => {
    expect(parseLinkInput("   ")).toEqual({ kind: "remove" });
  });
});
