/**
 * What a package entry exports, as its users' compiler sees it: every name (values and types),
 * with the TSDoc of the declaration it resolves to. `tests/index.test.ts` pins the list with it.
 */
import { join } from 'node:path';
import ts from 'typescript';

/** One exported name and the documentation an editor shows for it. */
export interface PublicName {
  name: string;
  /** The TSDoc text of the declaration the name resolves to ('' when it has none). */
  doc: string;
  /** The TSDoc tags of that declaration, by name (`example`, `param`, `throws`…). */
  tags: string[];
  /** The file that declares it, relative to the repository root. */
  declaredIn: string;
}

const root = join(import.meta.dirname, '../..');

/**
 * Every name each of `entries` exports (paths relative to the repository root), resolved
 * through re-exports to its declaration. One program for all entries: building it type-checks
 * the whole tree once (a few seconds).
 */
export function publicNames(entries: readonly string[]): Map<string, PublicName[]> {
  const files = entries.map((entry) => join(root, entry));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
    strict: true, skipLibCheck: true, noEmit: true,
  });
  const checker = program.getTypeChecker();
  const out = new Map<string, PublicName[]>();
  entries.forEach((entry, i) => {
    const source = program.getSourceFile(files[i]!);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry}: not a module the compiler can read`);
    out.set(entry, checker.getExportsOfModule(module).map((exported) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = target.declarations?.[0];
      return {
        name: exported.name,
        doc: ts.displayPartsToString(target.getDocumentationComment(checker)).trim(),
        tags: target.getJsDocTags(checker).map((tag) => tag.name),
        declaredIn: declaration ? declaration.getSourceFile().fileName.slice(root.length + 1) : '',
      };
    }));
  });
  return out;
}
