/**
 * `npm run lint` (after ESLint): fails on any import circle in the repository's TypeScript,
 * type-only imports included. import-x's `no-cycle` skips `import type`, yet a circle of types
 * is still two files that cannot be understood, moved or split one without the other
 * (docs/decisions/0092-domain-boundaries-in-lint.md).
 *
 * The imports are read with TypeScript's own pre-processor (`ts.preProcessFile`: static, dynamic,
 * type-only and re-exports); relative specifiers and `@mawingu/contracts/<file>` are followed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/') && !f.endsWith('.d.ts') && fs.existsSync(path.join(root, f)));
const known = new Set(files);

/** The repository file a specifier names, or undefined for a package outside the repository. */
function resolve(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else if (specifier.startsWith('@mawingu/contracts/')) target = `packages/contracts/src/${specifier.slice('@mawingu/contracts/'.length)}`;
  else return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) if (known.has(candidate)) return candidate;
  return undefined;
}

const edges = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
  edges.set(file, [...new Set(importedFiles.map((i) => resolve(file, i.fileName)).filter((f): f is string => f !== undefined))]);
}

// Tarjan's strongly connected components: every component of more than one file (or a file
// importing itself) is a circle.
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const circles: string[][] = [];
let counter = 0;
function visit(file: string) {
  index.set(file, counter);
  low.set(file, counter);
  counter++;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file)!, low.get(next)!));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
  }
  if (low.get(file) === index.get(file)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) circles.push(component);
  }
}
for (const file of files) if (!index.has(file)) visit(file);

/** One concrete circle through the component, from its first file back to it. */
function pathThrough(component: string[]): string[] {
  const inside = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of edges.get(file) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const route = [file];
        while (route[0] !== start) route.unshift(previous.get(route[0]!)!);
        return [...route, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

if (circles.length > 0) {
  console.error(`import circles (type-only imports count): ${circles.length}`);
  for (const component of circles) {
    console.error(`\n  ${component.length} files: ${pathThrough(component).join('\n    → ')}`);
  }
  process.exit(1);
}
console.log(`import circles: none among ${files.length} files`);
