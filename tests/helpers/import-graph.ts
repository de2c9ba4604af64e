/**
 * Who imports whom among a tree's TypeScript files, read with the compiler's own scanner
 * (`ts.preProcessFile`), and the import cycles in it. Every kind of import counts: static,
 * `import type`, `export … from`, `import()` calls and `import('…')` types, since a cycle through
 * any of them is still a knot to read and to move. Only relative imports are followed (a
 * package cannot import back into the tree), `.js` specifiers resolve to the `.ts` file beside
 * them, as NodeNext writes them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Files by their path relative to the graph's root (with `/`), each to the files it imports. */
export type ImportGraph = Map<string, Set<string>>;

/** Every `.ts` file under `dir` (no `.d.ts`, no `node_modules`), absolute. */
function typeScriptFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...typeScriptFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

/** The `.ts` file a relative specifier of `from` names, or null when there is none. */
function resolveImport(from: string, specifier: string): string | null {
  const target = resolve(dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')];
  return candidates.find((path) => path.endsWith('.ts') && existsSync(path) && statSync(path).isFile()) ?? null;
}

/**
 * The import graph of `files` (default: every `.ts` file under `rootDir`), keyed by paths
 * relative to `rootDir`. An import of a file outside `files` is left out: the graph is the
 * one among the files asked about.
 * @param rootDir the directory the keys are relative to (and searched when `files` is not given).
 * @param files absolute or `rootDir`-relative paths; default: all of `rootDir`'s `.ts` files.
 */
export function importGraph(rootDir: string, files?: readonly string[]): ImportGraph {
  const root = resolve(rootDir);
  const absolute = (files ?? typeScriptFiles(root)).map((file) => (isAbsolute(file) ? file : join(root, file)));
  const key = (file: string) => relative(root, file).split(sep).join('/');
  const known = new Set(absolute);
  const graph: ImportGraph = new Map();
  for (const file of absolute) {
    const imports = new Set<string>();
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      if (target !== null && known.has(target)) imports.add(key(target));
    }
    graph.set(key(file), imports);
  }
  return graph;
}

/**
 * The import cycles of `graph`: each strongly connected component that loops (two or more files
 * that reach one another, or a file that imports itself), as its files sorted by name; the
 * components sorted by their first file. Tarjan's algorithm, iterative so a deep tree cannot
 * overflow the stack. Empty when the graph has no cycle.
 */
export function cyclesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    // Each frame: a file and the iterator over what it imports, resumed after each child.
    const frames: Array<{ file: string; targets: Iterator<string> }> = [];
    const enter = (file: string) => {
      index.set(file, next);
      lowLink.set(file, next);
      next += 1;
      stack.push(file);
      onStack.add(file);
      frames.push({ file, targets: (graph.get(file) ?? new Set<string>()).values() });
    };
    enter(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const step = frame.targets.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file)!, lowLink.get(frame.file)!));
      if (lowLink.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      const loops = component.length > 1 || graph.get(frame.file)?.has(frame.file) === true;
      if (loops) components.push(component.sort());
    }
  }
  return components.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}
