import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// Dev and preview talk to the API through the same origin, as in production where the API serves the SPA.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/dev': { target: apiTarget, changeOrigin: false },
  // The simulator hypervisor's console page (viewVM's consoleUrl), served by the API.
  '/simulator': { target: apiTarget, changeOrigin: false },
};

/**
 * Modules the first-load chunk must not take in: the early-start script (a chunk of its own), and
 * zod with the contracts that define schemas. Taken in, their top-level schema calls would run
 * even where only a constant of the file is used.
 */
function notInitial(id: string): boolean {
  if (/[\\/](src[\\/]boot|node_modules[\\/]zod)[\\/]/.test(id)) return true;
  // A type-only import of zod (call.ts) brings none at run time.
  return /[\\/]packages[\\/]contracts[\\/]/.test(id) && /^import (?!type )[^;]*from 'zod'/m.test(fs.readFileSync(id, 'utf8'));
}

/**
 * The first load and the home page's files carry no zod (docs/decisions/0033, 0091): a call
 * descriptor's schemas load on demand, which production never asks for, unless a contract file
 * is also imported for a value (import such values from the schema-free files, company-rules.ts).
 */
function assertNoZod(chunks: Rolldown.OutputChunk[], fileNames: Iterable<string>): void {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  for (const fileName of fileNames) {
    if (byName.get(fileName)?.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))) {
      throw new Error(`zod in the first load or the home page: ${fileName}`);
    }
  }
}

/** A first-load chunk that imports a chunk importing it back would run before its imports exist. */
function assertNoCycleThroughFirstLoad(chunks: Rolldown.OutputChunk[], firstLoad: Set<string>): void {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  for (const start of firstLoad) {
    const seen = new Set<string>();
    const stack = [...(byName.get(start)?.imports ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (next === start) throw new Error(`chunk cycle through the first load: ${start}`);
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(byName.get(next)?.imports ?? []));
    }
  }
}

/** Chunks rendered below the fold after the first paint (see build.modulePreload). */
const BELOW_THE_FOLD = /(^|\/)(home-sections|footer-content)-[\w-]+\.js$/;

const EARLY_START = fileURLToPath(new URL('./src/boot/early-start.ts', import.meta.url));

/**
 * Puts the chunk of boot/early-start.ts in index.html as a script of its own, so it runs while the
 * application's files download (as part of the entry it would run only after all of them).
 * The build also lists, in `<script type="application/json" id="landing-files">`, the code and
 * styles the home page needs beyond the first-load files, and those of the header's desktop bar
 * (wide screens only), for early-start to fetch at once.
 */
function earlyStart(): Plugin {
  return {
    name: 'mawingu-early-start',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        // async: it runs as soon as it arrives; the application imports it too, so it runs once either way.
        if (!bundle) return [{ tag: 'script', attrs: { type: 'module', async: true, src: '/src/boot/early-start.ts' }, injectTo: 'head' }];
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const boot = chunks.find((chunk) => chunk.moduleIds.includes(EARLY_START));
        const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/features/home/pages/home-page.tsx'));
        const desktopNav = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/app/layout/header/desktop-nav.tsx'));
        if (!boot || !home || !desktopNav)
          throw new Error('early-start: no chunk for the early-start script, the home page or the desktop bar');

        const firstLoad = new Set<string>();
        const addFirstLoad = (fileName: string) => {
          if (firstLoad.has(fileName)) return;
          firstLoad.add(fileName);
          byName.get(fileName)?.imports.forEach(addFirstLoad);
        };
        chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => addFirstLoad(chunk.fileName));
        assertNoCycleThroughFirstLoad(chunks, firstLoad);
        /** A lazily loaded chunk's code and styles beyond the first-load files. */
        const filesOf = (start: string) => {
          const js: string[] = [];
          const css = new Set<string>();
          const add = (fileName: string) => {
            if (firstLoad.has(fileName) || js.includes(fileName)) return;
            js.push(fileName);
            const chunk = byName.get(fileName);
            chunk?.viteMetadata?.importedCss.forEach((file) => css.add(file));
            chunk?.imports.forEach(add);
          };
          add(start);
          return { js: js.map((f) => `/${f}`), css: [...css].map((f) => `/${f}`) };
        };
        const files = { home: filesOf(home.fileName), desktopNav: filesOf(desktopNav.fileName) };
        assertNoZod(chunks, [...firstLoad, ...files.home.js.map((file) => file.slice(1))]);
        return [
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` }, injectTo: 'head' },
          { tag: 'script', attrs: { type: 'application/json', id: 'landing-files' }, children: JSON.stringify(files), injectTo: 'head' },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    earlyStart(),
    // Brotli and gzip copies next to each asset: the server sends them as they are (no CPU per request).
    compression({ algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: {
      // What renders below the fold after the first paint (home's sections, the footer) is
      // imported without a <link rel="modulepreload"> per file: Vite's helper adds those in one
      // synchronous call (35 links for home's sections, 25-70 ms of a phone's main thread,
      // measured), and the browser finds the same files from the chunk's imports anyway.
      // Their styles are still loaded before they render. Pages keep the links (no waterfall).
      resolveDependencies: (file, deps) => (BELOW_THE_FOLD.test(file) ? [] : deps),
    },
    rolldownOptions: {
      // The contracts are declarations only (schemas, constants, pure helpers). Saying so lets an
      // import whose values are not used (a reply schema checked in development only) drop out of
      // the production bundle, and zod with it.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]/, sideEffects: false }],
      },
      // A call descriptor loads its schemas with a dynamic import (packages/contracts/src/call.ts);
      // where a page imports the same schemas for its forms, that import just finds them loaded.
      // The first load and home are held free of them by assertNoZod.
      onLog(level, log, handler) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && /-calls\.ts/.test(log.message)) return;
        handler(level, log);
      },
      output: {
        // Few files for the first load: each request costs a round trip on a phone's connection.
        // - `initial`: everything the entry imports statically, in one chunk (rolldown's automatic
        //   splitting left it in a dozen common chunks shared with the pages);
        // - `shared`: UI pieces used by several pages, grouped by the pages that use them, with
        //   groups under 8 KB merged into a neighbour, so a page loads a few files, not twenty.
        codeSplitting: {
          groups: [
            // A chunk of its own, without imports, for index.html to run first (see earlyStart above).
            { name: 'early-start', test: /[\\/]src[\\/]boot[\\/]/, priority: 3 },
            {
              name: 'initial',
              tags: ['$initial'],
              priority: 2,
              includeDependenciesRecursively: false,
              test: (id: string) => !notInitial(id),
            },
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
              test: /[\\/](node_modules[\\/](@mantine|@tabler)|src[\\/]components)[\\/]/,
            },
          ],
        },
        // The shared groups are named after every page that uses them; a short name is enough.
        chunkFileNames: (chunk) => (chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 3000), strictPort: true, proxy },
});
