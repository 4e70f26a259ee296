import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// Dev and preview talk to the API through the same origin, as in production where the API serves the SPA.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/dev': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  // Brotli and gzip copies next to each asset: the server sends them as they are (no CPU per request).
  plugins: [react(), compression({ algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
});
