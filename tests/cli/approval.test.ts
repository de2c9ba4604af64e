/**
 * Seed 004's ASK_APPROVE thresholds (issue 33) through the built CLI: with `approval` in the
 * config, a fix measured against the last known good state (a real git repository, `--rollback
 * git`) that changes too much of the tree or touches the public API escalates with
 * `approval_required` before its retry runs, saying the numbers and the diff stat; a person's
 * `retry-fresh` approves it. A fix within the thresholds goes on as before, and an agent's
 * reported cost is held to `costUsd`.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { userRepo } from '../helpers/git.js';
import { recover, recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

interface Event { phase: string; result: string; reason: string | null; message: string | null; fix: string | null }
interface RunOutcome { runId: string; status: string; reason: string | null; history: Event[] }

const agentScript = fileURLToPath(new URL('../fixtures/scripted-agent.mjs', import.meta.url));
const read = (repo: string, path: string) => readFileSync(join(repo, path), 'utf8');

/** A quality gate that fails until the API says v2; it counts its runs in the ignored file `runs`. */
const GATE_JS = `const fs = require('fs');
fs.writeFileSync('runs', String((fs.existsSync('runs') ? Number(fs.readFileSync('runs', 'utf8')) : 0) + 1));
if (fs.readFileSync('api/index.js', 'utf8').includes('v2')) { console.log('gate passed'); process.exit(0); }
console.error('Quality gate failed: 2 checks did not pass.');
process.exit(1);
`;

/** A repository of 9 files (the user's untracked notes included) with the gate and a public API under api/. */
function gateRepo(approval: unknown): string {
  const dir = tempCwd({ maxDelayMs: 20, approval }, 'recover-approval-');
  writeFileSync(join(dir, '.gitignore'), 'runs\n');
  mkdirSync(join(dir, 'api'));
  mkdirSync(join(dir, 'src'));
  return userRepo(dir, { 'gate.js': GATE_JS, 'api/index.js': "exports.version = 'v1';\n", 'src/a.js': 'a\n', 'src/b.js': 'b\n' });
}

/** An adapter outside the repository that writes `files` (path → content) and proposes `fix`. */
function adapter(files: Record<string, string>, fix: string): string {
  const dir = tempCwd(null, 'recover-adapter-');
  writeFileSync(join(dir, 'adapter.js'), `const fs = require('fs');\nfor (const [p, c] of Object.entries(${JSON.stringify(files)})) fs.writeFileSync(p, c);\nconsole.log(JSON.stringify({ fix: ${JSON.stringify(fix)}, confidence: 0.9 }));\n`);
  return `node ${join(dir, 'adapter.js')}`;
}

beforeAllBuilt();

describe('approval thresholds (seed 004 ASK_APPROVE)', () => {
  test('a fix over 10 % of the files that touches the public API stops before its retry with the numbers and the diff stat; retry-fresh approves it', { timeout: 180_000 }, () => {
    const repo = gateRepo({ paths: ['api/**'] });
    const wide = adapter({ 'api/index.js': "exports.version = 'v2';\n", 'src/a.js': 'a2\n', 'src/b.js': 'b2\n' }, 'bump the API to v2 and follow it in src');
    const { status, outcome } = recoverJson<RunOutcome>(repo, ['run', '--rollback', 'git', '--rollback-budget', '0', '--adapter', wide, '--', 'node', 'gate.js']);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'approval_required' });
    // Before the retry: the gate ran once, the fix is in the tree as the adapter left it.
    expect(read(repo, 'runs')).toBe('1');
    expect(read(repo, 'api/index.js')).toContain('v2');
    const adapt = outcome.history.find((e) => e.phase === 'ADAPT')!;
    expect(adapt).toMatchObject({ result: 'adapted', reason: 'approval_required', fix: 'bump the API to v2 and follow it in src' });
    expect(adapt.message).toBe('approval required: 3 of 9 files changed (33.3 %), more than maxChangedFraction 10 % (scope deviation); breaking change: touches the public API (api/index.js); diff: 3 of 9 files changed (+3 −3): api/index.js, src/a.js, src/b.js');
    expect(outcome.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ADAPT', 'ESCALATE']);
    const report = recover(repo, ['report', outcome.runId]).stdout;
    expect(report).toContain('## Approval Required');
    expect(report).toContain('stopped before the retry: the fix needs approval');
    expect(report).toContain('- Fix: `bump the API to v2 and follow it in src`\n- `approval required: 3 of 9 files changed (33.3 %)');

    // A person approves: the retry runs on the fix and passes.
    const decided = recover(repo, ['decide', outcome.runId, '--choice', 'retry-fresh']);
    expect(decided.status, decided.stderr).toBe(0);
    expect(read(repo, 'runs')).toBe('2');
  });

  test('a fix within the thresholds goes on to its retry as before', { timeout: 180_000 }, () => {
    const repo = gateRepo({ maxChangedFraction: 0.2, paths: ['src/generated/**'] });
    const narrow = adapter({ 'api/index.js': "exports.version = 'v2';\n" }, 'bump the API to v2');
    const { status, outcome } = recoverJson<RunOutcome>(repo, ['run', '--rollback', 'git', '--rollback-budget', '0', '--adapter', narrow, '--', 'node', 'gate.js']);
    expect(status).toBe(0);
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.find((e) => e.phase === 'ADAPT')).toMatchObject({ result: 'adapted', reason: null });
  });

  test("an agent's fix that cost more than costUsd (its own total_cost_usd) asks approval, measured or not", { timeout: 180_000 }, () => {
    const cwd = tempCwd({ maxDelayMs: 20, flakeProbe: false, approval: { costUsd: 1, maxChangedFraction: 1 } });
    writeFileSync(join(cwd, 'build.js'), `if (!require('fs').existsSync('utils.js')) { console.error("Error: Cannot find module './utils' from 'src/index.js'"); process.exit(1); }\n`);
    const bin = join(cwd, '.bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec "${process.execPath}" "${agentScript}" "$@"\n`);
    chmodSync(join(bin, 'claude'), 0o755);
    const replies = [
      { stdout: JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: '{"hypotheses": [{"text": "utils.js was never created", "confidence": 0.9}]}', total_cost_usd: 0.4 }) },
      { stdout: JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'I created utils.js.\n{"fix": "create utils.js", "confidence": 0.9}', total_cost_usd: 2.5 }), write: { path: 'utils.js', content: 'module.exports = {}\n' } },
    ];
    const { status, outcome } = recoverJson<RunOutcome>(cwd, ['run', '--agent', 'claude', '--', 'node', 'build.js'], { PATH: `${bin}:${process.env.PATH}`, SCRIPTED_AGENT: JSON.stringify(replies) });
    expect(status).toBe(3);
    expect(outcome.reason).toBe('approval_required');
    expect(outcome.history.find((e) => e.phase === 'ADAPT')!.message).toBe('approval required: the fix cost $2.50, more than costUsd $1');
  });
  test('an adapter answering plain JSON reports its cost in the answer: held to costUsd the same way, and said on stderr', { timeout: 180_000 }, () => {
    const cwd = tempCwd({ maxDelayMs: 20, flakeProbe: false, approval: { costUsd: 1, maxChangedFraction: 1 } });
    writeFileSync(join(cwd, 'build.js'), `if (!require('fs').existsSync('utils.js')) { console.error("Error: Cannot find module './utils' from 'src/index.js'"); process.exit(1); }\n`);
    writeFileSync(join(cwd, 'adapter.js'), `require('fs').writeFileSync('utils.js', 'module.exports = {}\\n');
console.log('Created utils.js.');
console.log(JSON.stringify({ fix: 'create utils.js', confidence: 0.9, cost: { usd: 2.5, tokens: 48000 } }));
`);
    const { status, outcome, stderr } = recoverJson<RunOutcome>(cwd, ['run', '--adapter', 'node adapter.js', '--', 'node', 'build.js']);
    expect(status).toBe(3);
    expect(outcome.reason).toBe('approval_required');
    expect(outcome.history.find((e) => e.phase === 'ADAPT')!.message).toBe('approval required: the fix cost $2.50, more than costUsd $1');
    expect(stderr).toContain('adapter `node adapter.js`: this call cost $2.5000, 48000 tokens, as its answer says');
  });
});
