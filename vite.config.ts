import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA lives in src/client; the server serves dist/client in production and
// proxies nothing in dev (the dev script runs Vite in middleware-free proxy mode).
export default defineConfig({
  root: "src/client",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
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
