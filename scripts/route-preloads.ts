// Which files a lazily loaded route needs before it can run, written at build time to
// dist/client/route-preloads.json (read by src/server/http/route-preload.ts). The page sent
// for an editor URL names them as <link rel="modulepreload"> (and its styles as preloads), so
// the browser fetches them together with the entry instead of once the entry has run and the
// router has asked for the route.
import path from "node:path";

const CLIENT = path.resolve(import.meta.dirname, "../src/client");

/** Route path prefix → the modules its page is loaded from (router.tsx's lazy imports). */
const ROUTES: Record<string, string[]> = {
  "/editor/": ["pages/editor-page.tsx", "lib/query-client.ts"],
};

export const ROUTE_PRELOADS_FILE = "route-preloads.json";

export interface RoutePreloads {
  [prefix: string]: { js: string[]; css: string[] };
}

interface OutputChunk {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type Output = OutputChunk | { type: "asset"; fileName: string };

export function routePreloads() {
  return {
    name: "draftsmith:route-preloads",
    apply: "build" as const,
    generateBundle(this: { emitFile(file: { type: "asset"; fileName: string; source: string }): void; error(message: string): never }, _options: unknown, bundle: Record<string, Output>) {
      const chunks = Object.values(bundle).filter((out): out is OutputChunk => out.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What the entry loads anyway (the page's own <script> tags and their imports).
      const loaded = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const next of byFile.get(file)?.imports ?? []) walk(next, into);
      };
      for (const c of chunks) if (c.isEntry) walk(c.fileName, loaded);
      const result: RoutePreloads = {};
      for (const [prefix, modules] of Object.entries(ROUTES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.join(CLIENT, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`route-preloads: no chunk holds ${module}`);
          walk(chunk.fileName, files);
        }
        const js = [...files].filter((f) => !loaded.has(f));
        const css = js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        result[prefix] = { js: js.map((f) => `/${f}`), css: [...new Set(css)].map((f) => `/${f}`) };
      }
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(result, null, 2)}\n` });
    },
  };
}
