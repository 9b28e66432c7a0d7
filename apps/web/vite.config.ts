/**
 * Build of the web application served by the service at `/`. Everything is
 * bundled (no CDN), so the page works with no internet. `npm start` runs it
 * through `build/ensure-bundle.ts` when the bundle is missing or stale;
 * `npm run dev:web` serves it with hot reload, proxying the API to a running
 * service (WEB_DEV_API, default http://127.0.0.1:8000).
 */
import { fileURLToPath } from "node:url";
import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const api = process.env.WEB_DEV_API ?? "http://127.0.0.1:8000";

export default defineConfig({
  root,
  base: "/",
  plugins: [vue()],
  define: {
    // Only <script setup> components: the Options API and devtools hooks are dead weight.
    __VUE_OPTIONS_API__: "false",
    __VUE_PROD_DEVTOOLS__: "false",
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: "false",
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 900,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // The chart library in one long-cached chunk, loaded only by chart pages.
        codeSplitting: { groups: [{ name: "echarts", test: /node_modules[\\/](echarts|zrender)[\\/]/ }] },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: api, ws: true, changeOrigin: false },
      "/openapi.json": api,
      "/health": api,
    },
  },
  logLevel: "warn",
});
