/**
 * Who imports whom among a tree's TypeScript files, read with the compiler's own scanner
 * (`ts.preProcessFile`): static imports, `import type`, `export … from`, `import()` calls and
 * `import('…')` types all count, since an arrow through any of them is still an arrow. Only
 * relative specifiers are followed (a package cannot import back into the tree); `./x.js`
 * resolves to `./x.ts` beside it, as NodeNext writes it, and a directory to its `index.ts`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Files by their path relative to the graph's root (with `/`), each to the files it imports. */
export type ImportGraph = Map<string, Set<string>>;

/** Every `.ts` file under `dir`, absolute; declaration files and `node_modules` left out. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(sep).includes('node_modules'));
}

/** The `.ts` file that `specifier`, written in `importer`, names; null when none exists. */
function resolveSpecifier(importer: string, specifier: string): string | null {
  const target = resolve(dirname(importer), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')];
  return candidates.find((path) => path.endsWith('.ts') && existsSync(path) && statSync(path).isFile()) ?? null;
}

/**
 * The import graph of `files`, keyed by paths relative to `rootDir`. An import of a file that
 * is not among `files` is left out: the graph is the one among the files asked about.
 * @param rootDir the directory keys are relative to, and searched when `files` is not given.
 * @param files absolute or `rootDir`-relative paths. Default: every `.ts` file under `rootDir`.
 */
export function importGraph(rootDir: string, files?: readonly string[]): ImportGraph {
  const root = resolve(rootDir);
  const absolute = (files ?? sourcesUnder(root)).map((file) => (isAbsolute(file) ? file : join(root, file)));
  const known = new Set(absolute);
  const key = (file: string) => relative(root, file).split(sep).join('/');
  const graph: ImportGraph = new Map();
  for (const file of absolute) {
    const imported = new Set<string>();
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = fileName.startsWith('.') ? resolveSpecifier(file, fileName) : null;
      if (target !== null && known.has(target)) imported.add(key(target));
    }
    graph.set(key(file), imported);
  }
  return graph;
}

/**
 * The cycles of `graph`: every strongly connected component that loops (two or more nodes that
 * reach one another, or a node that imports itself), each sorted, the list sorted by first node.
 * Tarjan's algorithm. Empty when the graph has no cycle. Works on any graph of names, so it
 * serves for rooms as well as files.
 */
export function cyclesOf(graph: ImportGraph): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
