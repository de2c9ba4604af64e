import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LINGUIST_COMMIT, SOURCE_EXTENSIONS } from '../../../src/classify/file-roles/linguist.js';
import { fileRole, type FileRole } from '../../../src/classify/file-roles/roles.js';

/** One row per role and per way a name says it (extension, whole name, pair, dotfile, run-commands). */
const ROWS: [name: string, role: FileRole | null][] = [
  // Linguist's programming, markup and prose languages: the project's source.
  ['src/main.py', 'source'], ['grammar.y', 'source'], ['plots/latency.gp', 'source'], ['deploy/main.jsonnet', 'source'],
  ['/work/case/styles/main.less', 'source'], ['config.m4', 'source'], ['src/app.h', 'source'], ['docs/index.rst', 'source'],
  ['README.md', 'source'], ['templates/page.html', 'source'], ['main.lua', 'source'], ['/work/case/main.php', 'source'],
  // Build descriptions by their conventional names (Linguist's file names and the registry's own).
  ['Makefile', 'source'], ['CMakeLists.txt', 'source'], ['rules.mk', 'source'], ['Dockerfile', 'source'], ['configure.ac', 'source'],
  ['build.ninja', 'config'], ['debian/control', 'config'], ['pkg/debian/control', 'config'], ['app.spec', 'source'],
  // Configuration: formats, units, dotfiles and run-commands files.
  ['app.conf', 'config'], ['setup.cfg', 'config'], ['tox.ini', 'config'], ['Cargo.toml', 'config'], ['.github/workflows/ci.yml', 'config'],
  ['site.yaml', 'config'], ['app.service', 'config'], ['keywords.gperf', 'config'], ['.indent.pro', 'source'], ['.bashrc', 'source'],
  ['.npmrc', 'config'], ['msmtprc', 'config'], ['.editorconfig', 'config'], ['package.json', 'config'], ['package-lock.json', 'config'], ['pom.xml', 'config'], ['.babelrc', 'config'],
  // Input: data, media, archives, stores, keys.
  ['rows.csv', 'data'], ['table.tsv', 'data'], ['answer.json', 'data'], ['feeds/products.xml', 'data'], ['notes.txt', 'data'],
  ['latency.dat', 'data'], ['photo.JPG', 'data'], ['voice.wav', 'data'], ['release.tar.gz', 'data'], ['backup.arj', 'data'], ['site.pem', 'data'],
  // Names that say nothing.
  ['src', null], ['server', null], ['README', null], ['.1.3.6.1.2.1.1.1.x', null], ['1.2.3', null], ['app-v1.2', null], ['libssl.so.3', null], ['', null], ['.', null], ['dir/', null], ['file.unknownext', null],
];

describe('the role a file plays, by its name (issue 30, file roles)', () => {
  test.each(ROWS)('%s is %s', (name, role) => {
    expect(fileRole(name)).toBe(role);
  });

  test("the lists come from a named Linguist commit and hold its languages' extensions", () => {
    expect(LINGUIST_COMMIT).toMatch(/^[0-9a-f]{40}$/);
    for (const ext of ['.c', '.py', '.rs', '.ts', '.go', '.rb', '.html', '.y', '.gp']) expect(SOURCE_EXTENSIONS.split(' ')).toContain(ext);
  });

  test('is total: any string gives a role or null, never an exception', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => {
      const role = fileRole(s);
      expect(role === null || role === 'source' || role === 'config' || role === 'data').toBe(true);
    }));
    for (const odd of [undefined, null, 3, {}] as unknown as string[]) expect(fileRole(odd)).toBeNull();
    expect(fileRole('a/'.repeat(5000) + 'x.c')).toBeNull();
  });

  test("an extension's case does not change the role, nor the directory it is in", () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,12}$/);
    const ext = fc.constantFrom('.c', '.py', '.yml', '.toml', '.csv', '.json', '.png', '.tar.gz', '.service', '.md');
    const dir = fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), { maxLength: 3 });
    fc.assert(fc.property(name, ext, dir, fc.boolean(), (n, e, d, upper) => {
      const file = n + (upper ? e.toUpperCase() : e);
      const role = fileRole(n + e);
      expect(role).not.toBeNull();
      expect(fileRole(file)).toBe(role);
      expect(fileRole([...d, file].join('/'))).toBe(role);
    }));
  });
});
