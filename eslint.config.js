import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Every folder under features/ is a feature; each may import only itself.
const featuresDir = path.resolve(import.meta.dirname, 'apps/web/src/features');
const webFeatures = fs.existsSync(featuresDir) ? fs.readdirSync(featuresDir).filter((f) => !f.includes('.')) : [];
// The console's areas likewise (features/admin/<area>); what they share is in features/admin/shell.
const consoleDir = path.join(featuresDir, 'admin');
const consoleAreas = fs.existsSync(consoleDir) ? fs.readdirSync(consoleDir).filter((f) => !f.includes('.') && f !== 'shell') : [];

// API domains (apps/api/src/modules/<domain>, docs/decisions/0092): a domain imports another only
// through its public entry (index.ts), and a table only if it owns it (db/table-owners.json).
const modulesDir = 'apps/api/src/modules';
const apiDomains = fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir).filter((f) => !f.includes('.')) : [];
const tableOwnersFile = 'apps/api/src/db/table-owners.json';
const { owners: tableOwners, readsAll } = JSON.parse(fs.readFileSync(tableOwnersFile, 'utf8'));
// Every table (and enum) the schema exports has exactly one owner.
{
  const owned = Object.values(tableOwners).flat();
  const exported = fs
    .readdirSync('apps/api/src/db/schema')
    .flatMap((f) =>
      [...fs.readFileSync(path.join('apps/api/src/db/schema', f), 'utf8').matchAll(/^export const (\w+) = pg(?:Table|Enum)\(/gm)].map(
        (m) => m[1],
      ),
    );
  const unowned = exported.filter((t) => !owned.includes(t));
  const twice = owned.filter((t, i) => owned.indexOf(t) !== i);
  if (unowned.length || twice.length) {
    throw new Error(
      `${tableOwnersFile}: every table needs one owner (no owner: ${unowned.join(', ') || '-'}; two: ${twice.join(', ') || '-'})`,
    );
  }
}
const allTables = Object.values(tableOwners).flat();
/** Tests and their kits set up rows anywhere and reach into any domain; the rules are for the product. */
const testFiles = ['**/*.test.ts', '**/*.test-helper.ts'];
const tablesRule = (allowed, what) => [
  'error',
  {
    patterns: [
      {
        regex: 'db/schema(\\.ts|/[\\w-]+\\.ts)$',
        importNames: allTables.filter((t) => !allowed.includes(t)),
        message: `${what} may import only its own tables (${tableOwnersFile}); ask the owning domain's public entry (index.ts) instead.`,
      },
    ],
  },
];

/**
 * A reporting domain (readsAll: the console's overview, docs/decisions/0129) may read any table but
 * write only its own: inserts, updates and deletes of another domain's table go through that
 * domain's writers. Refused in drizzle's builder (`.insert(vms)`) and in raw SQL (`INSERT INTO ${vms}`,
 * `UPDATE vms SET`).
 */
const readOnlyRule = (domain) => {
  const foreign = allTables.filter((t) => !(tableOwners[domain] ?? []).includes(t)).join('|');
  const message = `the ${domain} domain reads any table but writes only its own (${tableOwnersFile}, readsAll); call the owning domain's writer (its index.ts) instead.`;
  return [
    'error',
    { selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(${foreign})$/]`, message },
    {
      selector: `TaggedTemplateExpression TemplateElement[value.raw=/(\\binsert\\s+into|(?<!for\\s+)\\bupdate|\\bdelete\\s+from)\\s*$|\\b(insert\\s+into|update|delete\\s+from)\\s+\\w+(\\s+\\w+)?\\s+(set|values|where|\\()/i]`,
      message,
    },
  ];
};

const baseZones = [
  // The contracts are shared by both sides and depend on neither.
  { target: './packages/contracts', from: './apps', message: 'contracts must not import from apps' },
  // The SPA and the API meet only in the contracts.
  { target: './apps/web', from: './apps/api', message: 'the web app talks to the API over HTTP only' },
  { target: './apps/api', from: './apps/web', message: 'the API must not import the web app' },
  // API layering: integrations and the database know nothing of HTTP routes or modules.
  { target: './apps/api/src/integrations', from: './apps/api/src/modules', message: 'adapters must not depend on modules' },
  { target: './apps/api/src/db/schema', from: './apps/api/src/modules', message: 'the schema must not depend on modules' },
  {
    target: './apps/api/src/console',
    from: './apps/api/src/modules',
    message: "the console door's shared parts must not depend on a domain",
  },
  // SPA: features never import each other; shared pieces live in components/ or lib/.
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'features must not import each other; move shared code to components/ or lib/',
  })),
  ...consoleAreas.map((area) => ({
    target: `./apps/web/src/features/admin/${area}`,
    from: './apps/web/src/features/admin',
    except: [`./${area}`, './shell'],
    message: 'console areas must not import each other; move shared code to features/admin/shell',
  })),
  // Shared layers never reach up into features or the app shell.
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/api'],
    from: './apps/web/src/features',
    message: 'shared code must not import features',
  },
  // …nor the app shell, except the route table every link is built from.
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/api'],
    from: './apps/web/src/app',
    except: ['./paths.ts'],
    message: 'shared code must not import the app shell',
  },
];

/** A domain's files may import another domain only through its index.ts (and the modules' shared types). */
const domainZone = (domain) => ({
  target: `./${modulesDir}/${domain}`,
  from: `./${modulesDir}`,
  except: [`./${domain}`, './domain-module.ts', ...apiDomains.filter((d) => d !== domain).map((d) => `./${d}/index.ts`)],
  message: `a domain imports another only through its public entry (modules/<domain>/index.ts): export what ${domain} needs there`,
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/src/db/migrations/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importPlugin },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Small files with one job (issue 15): a source file that outgrows 400 lines is split.
      'max-lines': ['error', { max: 400 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: baseZones,
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The SPA runs on React Router's declarative <BrowserRouter> (apps/web/src/main.tsx: a third of
    // the data router's size). These need the data router: they would pass under the tests' memory
    // router and fail in the browser.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: [
                'createBrowserRouter',
                'createHashRouter',
                'RouterProvider',
                'ScrollRestoration',
                'Form',
                'useActionData',
                'useBlocker',
                'useFetcher',
                'useFetchers',
                'useLoaderData',
                'useMatches',
                'useNavigation',
                'useRevalidator',
                'useRouteError',
                'useRouteLoaderData',
                'useSubmit',
                'useAsyncValue',
                'useAsyncError',
                'Await',
              ],
              message: 'needs the data router; the app uses <BrowserRouter> (see apps/web/src/main.tsx)',
            },
            {
              // No ModalsProvider is mounted (it was unused and 3 KB gzip of every first load):
              // modals.open… would do nothing. Render a Modal from the component instead.
              name: '@mantine/modals',
              message: 'no ModalsProvider is mounted; render a <Modal> in the component instead',
            },
          ],
        },
      ],
    },
  },
  // API domains: imports across domains through index.ts; tables from their owner only.
  ...apiDomains.map((domain) => ({
    files: [`${modulesDir}/${domain}/**/*.ts`],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...baseZones, domainZone(domain)] }],
      'no-restricted-imports': tablesRule(tableOwners[domain] ?? [], `the ${domain} domain`),
    },
  })),
  // Reporting domains read any table, write only their own (docs/decisions/0129).
  ...(readsAll ?? []).map((domain) => ({
    files: [`${modulesDir}/${domain}/**/*.ts`],
    ignores: testFiles,
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': readOnlyRule(domain) },
  })),
);
