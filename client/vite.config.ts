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
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships /* @__PURE__ */ comments where Rollup cannot use them: Rollup drops them, harmlessly
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:5000" },
  },
});
