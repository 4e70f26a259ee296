/**
 * `npm run build:api`: compiles the API and its commands into apps/api/dist, so a release runs
 * with plain `node` and no dev tools (tsx, TypeScript). esbuild bundles our own code and the
 * workspace package @mawingu/contracts (TypeScript sources, never installed as JavaScript); every
 * other package stays an import of node_modules, resolved at run time from the release's
 * `npm ci --omit=dev`. Why esbuild and not tsc:
 * docs/decisions/0081-esbuild-bundles-the-api-release.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
const src = path.join(api, 'src');
const dist = path.join(api, 'dist');

/** Each operator command: dist/<name>.js, all at the top of dist (resources.ts relies on it). */
export const COMMANDS = {
  migrate: 'db/migrate-cli.ts',
  seed: 'db/seed/cli.ts',
  'create-owner': 'modules/operators/access/create-owner-cli.ts',
  'ticket-answer': 'modules/support/tickets/answer-cli.ts',
  'vms-expire': 'modules/machines/expiry/expire-cli.ts',
  'files-copy-to-s3': 'integrations/storage/copy-to-s3-cli.ts',
} as const;

/**
 * Tracing must start before the modules it instruments load (main.ts imports start-tracing first).
 * A bundle hoists every package import above its own code, so these two stay modules of their own
 * (dist/tracing.js, dist/start-tracing.js: one instance for the server and the commands), and
 * dist/main.js loads start-tracing.js before it imports the server (dist/server.js).
 */
const TRACING = { tracing: 'observability/tracing.ts', 'start-tracing': 'observability/start-tracing.ts' } as const;
const MAIN = `// Written by scripts/build-api.ts: tracing (when configured) starts before the server's modules load.
import './start-tracing.js';
await import('./server.js');
`;

/** Folders read at run time (resources.ts), copied to the same places under dist. */
const RESOURCES = ['db/migrations', 'db/seed/assets'];

const dependenciesOf = (dir: string) =>
  Object.keys(
    (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {},
  );
/** What the release installs: the API's dependencies and those of the bundled contracts. */
const runtimePackages = [...new Set([...dependenciesOf(api), ...dependenciesOf(path.join(root, 'packages/contracts'))])].filter(
  (name) => !name.startsWith('@mawingu/'),
);

/** Imports of the tracing modules become imports of their own files in dist. */
function tracingModulesApart(except?: string): Plugin {
  const own = new Map(Object.entries(TRACING).map(([name, file]) => [path.join(src, file), `./${name}.js`]));
  return {
    name: 'tracing-modules-apart',
    setup(b) {
      b.onResolve({ filter: /tracing\.ts$/ }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        const output = own.get(file);
        return output && file !== except ? { path: output, external: true } : undefined;
      });
    },
  };
}

/**
 * A package reached from the code but not listed in the API's dependencies would be bundled here
 * and go unnoticed until an upgrade: every import of node_modules must be a declared dependency.
 */
function undeclaredPackages(metafile: Metafile): string[] {
  return [...new Set(Object.keys(metafile.inputs).flatMap((input) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []))];
}

const common = {
  outdir: dist,
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  // The oldest Node the engines field admits.
  target: 'node20.19',
  external: runtimePackages,
  metafile: true as const,
  logLevel: 'warning' as const,
  // Readable stack traces: names kept, each module's code under a comment naming its source file.
  minify: false,
} satisfies BuildOptions;

export async function buildApi(): Promise<void> {
  fs.rmSync(dist, { recursive: true, force: true });
  const started = Date.now();
  const entries = { server: 'main.ts', ...COMMANDS };
  const builds = await Promise.all([
    build({
      ...common,
      entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(src, file)])),
      // Code shared by the entry points is written once, as chunks beside them (at the top of dist).
      splitting: true,
      chunkNames: 'chunk-[hash]',
      plugins: [tracingModulesApart()],
    }),
    ...Object.entries(TRACING).map(([name, file]) =>
      build({ ...common, entryPoints: { [name]: path.join(src, file) }, plugins: [tracingModulesApart(path.join(src, file))] }),
    ),
  ]);
  fs.writeFileSync(path.join(dist, 'main.js'), MAIN);
  const undeclared = builds.flatMap((b) => undeclaredPackages(b.metafile));
  if (undeclared.length > 0) {
    throw new Error(`imported by the API but not in apps/api/package.json dependencies: ${[...new Set(undeclared)].join(', ')}`);
  }
  for (const folder of RESOURCES) fs.cpSync(path.join(src, folder), path.join(dist, folder), { recursive: true });
  const bytes = builds.flatMap((b) => Object.values(b.metafile.outputs)).reduce((sum, output) => sum + output.bytes, 0);
  console.log(
    `API built into ${path.relative(root, dist)} in ${Date.now() - started} ms: the server and ${Object.keys(COMMANDS).length} commands, ${(bytes / 1024).toFixed(0)} KiB`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
