// The page for an editor URL names the route's files; a list that names anything but a built
// asset is not trusted into the page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRoutePreloads, withPreloads } from "./route-preload.js";

const html = `<!doctype html>\n<html>\n  <head>\n    <script type="module" src="/assets/index-a1.js"></script>\n  </head>\n  <body></body>\n</html>`;

describe("route preloads", () => {
  it("names the route's scripts and styles at the end of the head", () => {
    const page = withPreloads(html, { js: ["/assets/editor-b2.js"], css: ["/assets/editor-c3.css"] });
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/editor-b2.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/editor-c3.css">');
    expect(withPreloads(html, { js: [], css: [] })).toBe(html);
  });

  it("reads the build's list, keeping only built assets, and nothing when there is none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "route-preloads-"));
    expect(readRoutePreloads(dir).size).toBe(0);
    const list = { "/editor/": { js: ["/assets/editor-b2.js", '/assets/x.js"><script>', "https://elsewhere.example/a.js"], css: ["/assets/editor-c3.css"] } };
    fs.writeFileSync(path.join(dir, "route-preloads.json"), JSON.stringify(list));
    expect([...readRoutePreloads(dir)]).toEqual([["/editor/", { js: ["/assets/editor-b2.js"], css: ["/assets/editor-c3.css"] }]]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
