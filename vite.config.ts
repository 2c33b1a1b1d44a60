import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { defineConfig } from "vite";
import { chunkCycleCheck, chunkGroups } from "./scripts/client-chunks.js";
import { routePreloads } from "./scripts/route-preloads.js";
import { tiptapWithoutMarkdown } from "./scripts/tiptap-without-markdown.js";

// The SPA lives in src/client; the server serves dist/client in production and
// proxies nothing in dev (the dev script runs Vite in middleware-free proxy mode).
export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss(), chunkCycleCheck(), routePreloads(), tiptapWithoutMarkdown()],
  // TipTap's useEditorState compares with fast-equals; the app's selectors give plain values
  // (src/client/lib/plain-deep-equal.ts says why a small stand-in does).
  resolve: { alias: [{ find: /^fast-equals$/, replacement: path.resolve(import.meta.dirname, "src/client/lib/plain-deep-equal.ts") }] },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // The polyfill (0.5 KB on every page) only serves browsers without <link rel=modulepreload>
    // (Safari before 17), which load the same files without it, a little later.
    modulePreload: { polyfill: false },
    // A handful of files per page instead of one per shared module (scripts/client-chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/auth": "http://localhost:3000",
      "/dev/mailbox": "http://localhost:3000",
      "/realtime": { target: "ws://localhost:3000", ws: true },
    },
  },
});
