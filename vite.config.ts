import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

import { islandsPlugin } from "./scripts/lib/islands-vite-plugin";

/** React Router names every server entry index*.js; ours keep their input names (index, start, pglite-worker). */
function namedServerEntries(): Plugin {
  return {
    name: "dealdash:named-server-entries",
    enforce: "post",
    configEnvironment: (name) =>
      name === "ssr" ? { build: { rollupOptions: { output: { entryFileNames: "[name].js" } } } } : undefined,
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry (index.js) is our Express app, so one module graph (and one database client)
  // serves every request. start.js is server.ts and pglite-worker.js the embedded database's thread, built so
  // that `npm start` runs plain JavaScript: no TypeScript loader on the start-up path.
  build: isSsrBuild
    ? {
        rollupOptions: {
          input: { index: "./server/app.ts", start: "./server.ts", "pglite-worker": "./app/db/pglite-worker.ts" },
        },
      }
    : {
        // Fewer, larger files for the browser: left alone, a public page loaded about forty small modules
        // (an icon, a helper each), and Lighthouse's mobile model counted every request in first paint.
        // The framework is one file, and the site's shared components with what they import another.
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "react",
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper/,
                  priority: 30,
                },
                { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
                { name: "island-parts", test: /app[\\/]islands[\\/]/, priority: 15 },
                { name: "site", test: /app[\\/]components[\\/]site[\\/]/, priority: 10 },
              ],
            },
          },
        },
      },
  // Bundled into the server build rather than imported whole at start-up: the icon and primitive
  // libraries are thousands of small modules (about 0.5 s to load), of which we use a few.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), namedServerEntries(), islandsPlugin()],
}));
