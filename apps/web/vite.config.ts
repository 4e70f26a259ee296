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
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: a release that changes only our code keeps these cached.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'vendor-mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications|modals|store)|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|clsx)/,
            },
            { name: 'vendor-data', test: /node_modules[\\/](zod|@tanstack|i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
});
