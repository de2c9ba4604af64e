/**
 * Issue #27's structural goals that no other test held, read from the code with the compiler's
 * parser: no cast to `never` in `src/` or `machines/` (a cast to `never` fits anything anywhere,
 * so it hides what a value really is), `drive` takes at most 3 parameters (a run's options travel
 * in its `RunContext`, not beside it), and the public entries name what they export (no
 * `export *`, which would let a name in without the pinned list in tests/index.test.ts noticing
 * it in the source). The other goals have tests of their own: the API's size (tests/index.test.ts),
 * no import cycle in src/cli (tests/cli/no-cycles.test.ts), the README's picture
 * (tests/architecture/layers.test.ts). Each check is also run on a small text that breaks it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const sources = ['src', 'machines'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => `${dir}/${file.split('\\').join('/')}`));

const parse = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
const read = (file: string) => parse(file, readFileSync(join(root, file), 'utf8'));

/** Every node of a file, depth first. */
function nodes(file: ts.SourceFile): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (node: ts.Node) => { out.push(node); ts.forEachChild(node, visit); };
  visit(file);
  return out;
}

/** The casts to `never` of a file (`x as never`, `<never>x`), as "file:line". */
function neverCasts(file: ts.SourceFile): string[] {
  return nodes(file)
    .filter((node): node is ts.AsExpression | ts.TypeAssertion => ts.isAsExpression(node) || ts.isTypeAssertionExpression(node))
    .filter((cast) => cast.type.kind === ts.SyntaxKind.NeverKeyword)
    .map((cast) => `${file.fileName}:${file.getLineAndCharacterOfPosition(cast.getStart()).line + 1}`);
}

/** The parameter counts of the functions named `name` a file declares (declarations and `const name = (…) =>`). */
function parameterCounts(file: ts.SourceFile, name: string): number[] {
  return nodes(file).flatMap((node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === name) return [node.parameters.length];
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer
      && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) return [node.initializer.parameters.length];
    return [];
  });
}

/** The `export * from …` (and `export * as ns from …`) declarations of a file, their specifiers. */
function exportStars(file: ts.SourceFile): string[] {
  return file.statements
    .filter((s): s is ts.ExportDeclaration => ts.isExportDeclaration(s) && (!s.exportClause || ts.isNamespaceExport(s.exportClause)))
    .map((s) => (s.moduleSpecifier as ts.StringLiteral).text);
}

describe("issue #27's structural goals", () => {
  it('no cast to never in src/ or machines/', () => {
    expect(sources.length).toBeGreaterThan(300);
    // Only a file that says `never` can cast to it: the others are not parsed.
    const texts = sources.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') })).filter(({ text }) => /\bnever\b/.test(text));
    expect(texts.flatMap(({ file, text }) => neverCasts(parse(file, text)))).toEqual([]);
  });

  it('drive takes at most 3 parameters', () => {
    const counts = parameterCounts(read('src/runtime/drive.ts'), 'drive');
    expect(counts).toHaveLength(1);
    expect(counts[0]).toBeLessThanOrEqual(3);
  });

  it('the public entries export no name through export *', () => {
    for (const entry of ['src/index.ts', 'machines/index.ts']) expect(exportStars(read(entry)), entry).toEqual([]);
  });
});

describe('the checks, on texts that break them', () => {
  it('finds both spellings of a cast to never, and no other cast or mention', () => {
    const file = parse('t.ts', "const a = 1 as never;\nconst b = <never>a;\nconst c = 1 as unknown;\n// cast as never in a comment\nconst d = 'as never';\n");
    expect(neverCasts(file)).toEqual(['t.ts:1', 't.ts:2']);
  });

  it('counts the parameters of a declared function and of one held by a const', () => {
    expect(parameterCounts(parse('t.ts', 'export async function drive(a, b, c, d) {}'), 'drive')).toEqual([4]);
    expect(parameterCounts(parse('t.ts', 'const drive = (a: number) => a;\nfunction other(x, y) {}'), 'drive')).toEqual([1]);
  });

  it('finds export * and export * as, not named re-exports', () => {
    expect(exportStars(parse('t.ts', "export * from './a.js';\nexport * as b from './b.js';\nexport { c } from './c.js';\nexport type { D } from './d.js';"))).toEqual(['./a.js', './b.js']);
  });
});
