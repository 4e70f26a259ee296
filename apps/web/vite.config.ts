import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Dev and preview talk to the API through the same origin, as in production where the API serves the SPA.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/dev': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
});
