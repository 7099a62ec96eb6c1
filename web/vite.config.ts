import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: path.join(import.meta.dirname),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": path.join(import.meta.dirname, "src"), "@common": path.join(import.meta.dirname, "..", "common") } },
  server: { port: 5173, proxy: { "/api": API, "/dev": API } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    manifest: true,
    // Everything the entry loads statically stays one chunk. Left alone, Rolldown splits it into several
    // (react, react-router, query-core...) as lazy screens share them, and each file gzips on its own:
    // about 3 KB more on every first visit, against the 100 KB budget of /welcome and /login.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } } },
  },
});
