import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

// The back office is its own bundle, served by the server under /admin/; in development its
// dev server forwards the API paths so that it runs same-origin, as in production.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
  },
  server: {
    port: Number(process.env.ADMIN_PORT ?? 5174),
    proxy: {
      '/bo': { target: apiUrl, changeOrigin: true },
      '/wps/system/publicKey': { target: apiUrl, changeOrigin: true },
    },
  },
});
