/**
 * `npm run dev`: the API with restart-on-change (tsx watch) and Vite's dev server with hot reload.
 * Open the Vite URL (PORT, default 3000); it proxies /api and /dev to the API on API_PORT.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? String(Number(webPort) + 1);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The browser talks to Vite's origin, so that is the origin the demo company is seeded for.
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: publicUrl, HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, WEB_PORT: webPort, API_PORT: apiPort },
  }),
];

const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  });
