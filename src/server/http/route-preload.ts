// The page sent for a URL of a lazily loaded route (the editor) names the route's files as
// preloads, so the browser fetches them together with the entry instead of once the entry has
// run and the router has asked for them. Which files: dist/client/route-preloads.json, written
// by the build (scripts/route-preloads.ts). Without it the page goes out as built.
import fs from "node:fs";
import path from "node:path";

interface RouteFiles {
  js: string[];
  css: string[];
}

/** A hashed asset path as the build writes it: nothing that could close the attribute. */
const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** The route prefixes and their files, from the build's list; empty when there is none. */
export function readRoutePreloads(clientDir: string): Map<string, RouteFiles> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(clientDir, "route-preloads.json"), "utf8"));
  } catch {
    return new Map();
  }
  const routes = new Map<string, RouteFiles>();
  if (!parsed || typeof parsed !== "object") return routes;
  for (const [prefix, files] of Object.entries(parsed as Record<string, Partial<RouteFiles>>)) {
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((f): f is string => typeof f === "string" && ASSET.test(f)) : []);
    routes.set(prefix, { js: list(files?.js), css: list(files?.css) });
  }
  return routes;
}

/** `html` with the route's files named as preloads at the end of its head. */
export function withPreloads(html: string, files: RouteFiles): string {
  const links = [
    ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    ...files.css.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
  ];
  if (!links.length || !html.includes("</head>")) return html;
  return html.replace("</head>", `    ${links.join("\n    ")}\n  </head>`);
}
