import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress-plugin';
import { serviceWorker } from './build/service-worker-plugin';

const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

// Paths answered by the server; the dev server forwards them so the SPA runs same-origin as in production.
const proxiedPrefixes = [
  '/wps',
  '/lgw',
  '/bo',
  '/COUNTRY_FLAG',
  '/media',
  '/docs',
  '/manifest.webmanifest',
  '/app-icons',
];

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-size.ts reads the manifest to measure the home route's initial JavaScript.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    // Two pages: the SPA, and the in-house game client shown in the game iframe under /game/.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        game: fileURLToPath(new URL('./game/index.html', import.meta.url)),
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      ...Object.fromEntries(
        proxiedPrefixes.map((prefix) => [prefix, { target: apiUrl, changeOrigin: true }]),
      ),
      '/socket.io': { target: apiUrl, ws: true, changeOrigin: true },
    },
  },
});
