import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The web app lives in src/web and builds to dist/web, which the server serves in production.
// In `npm run dev` Vite serves it with hot reload and proxies the API to the server on API_PORT.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      // changeOrigin stays false so the browser's Origin header reaches the server's CSRF check.
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/uploads': { target: `http://127.0.0.1:${apiPort}` },
      '/calendar.ics': { target: `http://127.0.0.1:${apiPort}` },
    },
  },
});
