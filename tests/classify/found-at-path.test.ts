import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A thing looked for at a path the caller gave (issue 30, the nineteenth capture): `Package not
 * found at 'docs/notes.docx'` is a document not there (a document format calls its file a
 * "package"), the input's refusal (ERROR_RESPONSE) — not a dependency a build resolves by name.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });
const traceback = (last: string): Observation =>
  fail(
    'Traceback (most recent call last):\n  File "/work/case/main.py", line 2, in <module>\n    d = docs.Document("docs/notes.docx")\n' +
      '  File "/usr/lib/python3/dist-packages/docs/opc/phys_pkg.py", line 30, in __new__\n    raise PackageNotFoundError(\n' + last + '\n',
  );

describe('a document not found at the path given', () => {
  test.each([
    ['a path with a directory', "docs.opc.exceptions.PackageNotFoundError: Package not found at 'docs/notes.docx'"],
    ['a bare file name', "docs.opc.exceptions.PackageNotFoundError: Package not found at 'notes.docx'"],
  ])('%s', (_, last) => {
    expect(classify(traceback(last)).type).toBe('ERROR_RESPONSE');
    expect(generic(traceback(last)).type).toBe('ERROR_RESPONSE');
  });
});

describe('look-alikes', () => {
  test('a package or module a build resolves by name is still a broken build', () => {
    expect(classify(fail("error: package 'left-pad' not found\n")).type).toBe('BROKEN_BUILD');
    expect(classify(fail("lua: main.lua:1: module 'cjson' not found:\n")).type).toBe('BROKEN_BUILD');
  });
});
