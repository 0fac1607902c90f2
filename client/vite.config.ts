import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = import.meta.dirname;

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@common": path.resolve(root, "../common"),
      "@": path.resolve(root, "src"),
    },
  },
  build: {
    outDir: path.resolve(root, "../dist/client"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: { "/api": "http://localhost:5000" },
  },
});
