// A stand-in for a LanguageTool server, speaking its HTTP API (POST /v2/check, form-encoded,
// JSON matches), for the adapter's integration test and the editor's end-to-end test. Its
// rules: "teh" is a misspelling, "a apple" an article error, and a match across the first
// blank line of a batch (which the adapter must leave out).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  path: string;
  contentType: string;
  form: URLSearchParams;
}

export function startLanguageTool(): Promise<{ url: string; seen: Seen[]; fail: (status: number | null) => void; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  let failing: number | null = null;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push({ path: req.url ?? "", contentType: req.headers["content-type"] ?? "", form });
      if (failing) {
        res.writeHead(failing, { "content-type": "text/plain" }).end("Error: internal");
        return;
      }
      const text = form.get("text") ?? "";
      const matches: unknown[] = [];
      for (const m of text.matchAll(/teh/g)) {
        matches.push({ message: "Possible spelling mistake found.", shortMessage: "Spelling mistake", offset: m.index, length: 3, replacements: [{ value: "the" }, { value: "ten" }], rule: { id: "MORFOLOGIK_RULE_EN_US", issueType: "misspelling", category: { id: "TYPOS" } } });
      }
      for (const m of text.matchAll(/\ba apple/g)) {
        matches.push({ message: "Use <suggestion>an</suggestion> instead of 'a' if the following word starts with a vowel sound.", offset: m.index, length: 1, replacements: [{ value: "an" }], rule: { id: "EN_A_VS_AN", issueType: "grammar" } });
      }
      const gap = text.indexOf("\n\n");
      if (gap > 0) matches.push({ message: "Across", offset: gap - 1, length: 4, replacements: [], rule: { id: "CROSS", issueType: "style" } });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ software: { name: "LanguageTool" }, language: { code: "en-US" }, matches }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, seen, fail: (s) => (failing = s), close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}
