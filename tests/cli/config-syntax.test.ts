/**
 * A config file that does not parse (issue #32 item 7): JSON errors name the file, the line and
 * the column and show the line with a caret, as YAML errors do; nothing runs and nothing is
 * written. The BUILT CLI as a real child process over real files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { recover, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();
vi.setConfig({ testTimeout: 60_000 });

const MISSING_COMMA = '{\n  "budget": 3\n  "maxDelayMs": 20\n}\n';

describe('a config that does not parse: exit 2, the file, line, column and the line itself', () => {
  test('recovery.config.json with a forgotten comma', () => {
    const dir = scriptsCwd(null);
    const file = join(dir, 'recovery.config.json');
    writeFileSync(file, MISSING_COMMA);
    const { status, stderr } = recover(dir, ['run', '--', 'node', 'flaky.js']);
    expect(status).toBe(2);
    expect(stderr).toContain(`${file}: cannot parse: expected ',' or '}', found '"maxDelayMs"' (is a ',' missing at the end of line 2?) at line 3, column 3:\n\n  "maxDelayMs": 20\n  ^\n`);
    // The command never ran, no store was made, the file is as the user left it.
    expect(existsSync(join(dir, 'count'))).toBe(false);
    expect(existsSync(join(dir, '.recovery'))).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(MISSING_COMMA);
  });

  test('--config FILE with a trailing comma, from every verb that reads a config', () => {
    const dir = scriptsCwd(null);
    const file = join(dir, 'ci.json');
    const text = '{\n\t"types": {\n\t\t"NETWORK": { "budget": 1, },\n\t}\n}';
    writeFileSync(file, text);
    writeFileSync(join(dir, 'p.yaml'), 'steps:\n  - id: build\n    run: ["node", "flaky.js"]\n');
    for (const args of [['run', '--config', 'ci.json', '--', 'node', 'flaky.js'], ['pipeline', 'run', 'p.yaml', '--config', 'ci.json']]) {
      const { status, stderr } = recover(dir, args);
      expect(status, args.join(' ')).toBe(2);
      expect(stderr).toContain(`${file}: cannot parse: a trailing comma is not allowed in JSON (before the }) at line 3, column 27:\n\n\t\t"NETWORK": { "budget": 1, },\n\t\t${' '.repeat(24)}^\n`);
    }
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(existsSync(join(dir, 'count'))).toBe(false);
  });

  test('the YAML error has the same shape', () => {
    const dir = scriptsCwd(null);
    writeFileSync(join(dir, 'recovery.config.yaml'), 'budget: 3\nmaxDelayMs: 20: 30\n');
    const { status, stderr } = recover(dir, ['run', '--', 'node', 'flaky.js']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/recovery\.config\.yaml: cannot parse: .* at line 2, column \d+:\n\nmaxDelayMs: 20: 30\n +\^/);
  });

  test('a byte-order mark from an editor is not an error', () => {
    const dir = scriptsCwd(null);
    writeFileSync(join(dir, 'recovery.config.json'), '\uFEFF{ "maxDelayMs": 20 }\n');
    const { status, stderr } = recover(dir, ['run', '--', 'node', '-e', '']);
    expect(stderr).not.toContain('cannot parse');
    expect(status).toBe(0);
  });
});
