/**
 * What a user meets (issue #16): the errors the run verbs give for requests a run cannot take,
 * "did you mean", `help VERB`, one duration rule, list filters and interrupted runs, the stats
 * table, prune --dry-run and colour control. The BUILT CLI as real child processes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { BIN, cliEnv, recover, recoverJson, scriptsCwd as workdir } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();
// Each test spawns several CLI processes; a loaded CI machine needs more than the default.
vi.setConfig({ testTimeout: 90_000 });

const runFile = (dir: string, runId: string) => join(dir, '.recovery', 'runs', `${runId}.json`);
const onlyRun = (dir: string): string => {
  const files = readdirSync(join(dir, '.recovery', 'runs')).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  expect(files).toHaveLength(1);
  return files[0]!.replace(/\.json$/, '');
};

describe('requests a run cannot take: one line naming the run and what to do, exit 2', () => {
  test('decide with a choice the run does not offer (rollback without --rollback git)', () => {
    const dir = workdir();
    const run = recover(dir, ['run', '--', 'node', 'fatal.js']);
    expect(run.status).toBe(3);
    const runId = onlyRun(dir);
    // The hint offers only what the run has.
    expect(run.stderr).toContain(`recover decide ${runId} --choice retry-fresh|retry-with|skip|abort|manual'\n`);
    const before = readFileSync(runFile(dir, runId), 'utf8');
    const { status, stderr } = recover(dir, ['decide', runId, '--choice', 'rollback']);
    expect(status).toBe(2);
    expect(stderr).toBe(`recover decide: run ${runId} does not offer 'rollback' (it was not started with --rollback git); its choices: retry-fresh, retry-with, skip, abort, manual\n`);
    expect(readFileSync(runFile(dir, runId), 'utf8')).toBe(before);
  });

  test('decide on a run that has ended', () => {
    const dir = workdir();
    expect(recover(dir, ['run', '--', 'node', 'flaky.js']).status).toBe(0);
    const runId = onlyRun(dir);
    const before = readFileSync(runFile(dir, runId), 'utf8');
    const { status, stderr } = recover(dir, ['decide', runId, '--choice', 'retry-fresh']);
    expect(status).toBe(2);
    expect(stderr).toBe(`recover decide: run ${runId} has already ended (recovered): there is no decision to take; 'recover report ${runId}' shows how it ended, 'recover run' starts a new run\n`);
    expect(readFileSync(runFile(dir, runId), 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'count'), 'utf8')).toBe('2');
  });

  test('resume of a run that has ended runs nothing, rewrites nothing, and exits as the run ended', () => {
    const dir = workdir();
    const first = recoverJson<{ runId: string; status: string }>(dir, ['run', '--', 'node', 'flaky.js']);
    const runId = first.outcome.runId;
    const before = readFileSync(runFile(dir, runId), 'utf8');
    const again = recoverJson<{ status: string }>(dir, ['resume', runId]);
    expect(again.status).toBe(0);
    expect(again.outcome).toEqual(first.outcome);
    expect(again.stderr).toContain(`run ${runId} has already ended (recovered); nothing was run again`);
    expect(again.stderr).not.toContain('running');
    expect(readFileSync(runFile(dir, runId), 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'count'), 'utf8')).toBe('2');
  });

  test('resume of a run that ended under a process killed before it let go: the dead lock is cleared, nothing else changes', () => {
    const dir = workdir();
    const first = recoverJson<{ runId: string; status: string }>(dir, ['run', '--', 'node', 'flaky.js']);
    const runId = first.outcome.runId;
    const locks = join(dir, '.recovery', 'locks');
    expect(readdirSync(locks)).toEqual([`${runId}.fence`]);
    // As a `recover resume` killed between the run's last checkpoint and its release leaves it.
    const fence = Number(JSON.parse(readFileSync(join(locks, `${runId}.fence`), 'utf8')).fence) + 1;
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(locks, `${runId}.lock`), JSON.stringify({ pid: dead, hostname: hostname(), acquiredAt: Date.now(), token: 'killed', fence }));
    const before = readFileSync(runFile(dir, runId), 'utf8');
    const again = recoverJson<{ status: string }>(dir, ['resume', runId]);
    expect(again.status).toBe(0);
    expect(again.outcome).toEqual(first.outcome);
    expect(readdirSync(locks)).toEqual([`${runId}.fence`]);
    expect(Number(JSON.parse(readFileSync(join(locks, `${runId}.fence`), 'utf8')).fence)).toBeGreaterThan(fence);
    expect(readFileSync(runFile(dir, runId), 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'count'), 'utf8')).toBe('2');
  });

  test('decide with a misspelt choice suggests the near one', () => {
    const { status, stderr } = recover(workdir(), ['decide', 'x', '--choice', 'skp']);
    expect(status).toBe(2);
    expect(stderr).toContain("--choice must be one of retry-fresh, retry-with, skip, rollback, abort, manual (got 'skp') (did you mean skip?)");
  });
});

describe('conventions of gh, git and vitest', () => {
  test('a misspelt verb or flag: did you mean', () => {
    const dir = workdir();
    expect(recover(dir, ['rn'])).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown command 'rn' (did you mean run?)") });
    // Swapped neighbours are one edit (issue #32): the commonest typo is not left unanswered.
    expect(recover(dir, ['lsit'])).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown command 'lsit' (did you mean list?)") });
    expect(recover(dir, ['prnue'])).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown command 'prnue' (did you mean prune?)") });
    expect(recover(dir, ['list', '--lmiit', '3'])).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown option '--lmiit' (did you mean --limit?)") });
    const flag = recover(dir, ['run', '--jsn', '--', 'true']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain("recover run: unknown option '--jsn' (did you mean --json?)");
    expect(flag.stderr).not.toContain("after '--'");
  });

  test('recover help VERB is recover VERB --help, generated from the declared options', () => {
    const dir = workdir();
    const viaHelp = recover(dir, ['help', 'list']);
    expect(viaHelp.status).toBe(0);
    expect(viaHelp.stdout).toBe(recover(dir, ['list', '--help']).stdout);
    expect(viaHelp.stdout).toMatch(/^ {2}--limit N +at most N runs/m);
    expect(recover(dir, ['help', 'lst']).stderr).toContain('did you mean list?');
  });

  test('--timeout 2 is two seconds (a bare number is seconds everywhere)', () => {
    const dir = workdir();
    const { status, outcome } = recoverJson<{ status: string; attempts: number }>(dir, ['run', '--timeout', '2', '--', 'node', '-e', 'setTimeout(() => {}, 300)']);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(recover(dir, ['run', '--timeout', 'soon', '--', 'true']).stderr).toContain("--timeout: 'soon' is not a duration (e.g. 2 (seconds), 500ms, 30s, 2m, 1h, 90d)");
  });

  test('stats is a table people read, not dotted keys', () => {
    const dir = workdir();
    recover(dir, ['run', '--', 'node', 'flaky.js']);
    const { status, stdout } = recover(dir, ['stats']);
    expect(status).toBe(0);
    expect(stdout).not.toContain('totals.');
    expect(stdout).toMatch(/^runs +1$/m);
    expect(stdout).toMatch(/^recovered without a human +1$/m);
    expect(stdout).toMatch(/^flake rate +0\.0%$/m);
    expect(stdout).toMatch(/^NETWORK +1 +1 +0$/m);
  });

  test('prune --dry-run removes nothing and names what it would remove', () => {
    const dir = workdir();
    recover(dir, ['run', '--', 'node', 'flaky.js']);
    const runId = onlyRun(dir);
    const dry = recover(dir, ['prune', '--older-than', '0.001', '--dry-run']);
    expect(dry).toMatchObject({ status: 0, stdout: `${runId}\n`, stderr: 'recover: would remove 1 run(s)\n' });
    expect(existsSync(runFile(dir, runId))).toBe(true);
  });

  test('prune keeps escalated runs awaiting a decision (they stay decidable) unless --include-escalated', async () => {
    const dir = workdir();
    recover(dir, ['run', '--', 'node', 'flaky.js']);
    const recovered = onlyRun(dir);
    const { status, outcome } = recoverJson<{ runId: string }>(dir, ['run', '--', 'node', 'fatal.js']);
    expect(status).toBe(3);
    const escalated = outcome.runId;
    // Both runs are older than the cutoff by the time prune looks.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const note = 'kept 1 escalated run(s) awaiting a decision (--include-escalated removes them)';
    const dry = recover(dir, ['prune', '--older-than', '0.001', '--dry-run']);
    expect(dry).toMatchObject({ status: 0, stdout: `${recovered}\n`, stderr: `recover: would remove 1 run(s); ${note}\n` });
    const pruned = recover(dir, ['prune', '--older-than', '0.001', '--json']);
    expect(pruned.status).toBe(0);
    expect(JSON.parse(pruned.stdout)).toEqual({ dryRun: false, removed: [recovered], keptAwaitingDecision: [escalated] });
    expect(pruned.stderr).toBe(`recover: removed 1 run(s); ${note}\n`);
    expect(existsSync(runFile(dir, recovered))).toBe(false);
    expect(existsSync(runFile(dir, escalated))).toBe(true);
    // Holding its lease during the prune left it decidable.
    expect(recover(dir, ['decide', escalated, '--choice', 'abort']).status).toBe(5);
    const again = recover(dir, ['run', '--', 'node', 'fatal.js']);
    expect(again.status).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const all = recover(dir, ['prune', '--older-than', '0.001', '--include-escalated']);
    expect(all.status).toBe(0);
    expect(all.stderr).toBe('recover: removed 2 run(s)\n');
    expect(readdirSync(join(dir, '.recovery', 'runs')).filter((name) => !name.startsWith('.'))).toEqual([]);
  });

  test('FORCE_COLOR and --color colour the progress off a terminal; --no-color wins', () => {
    const dir = workdir();
    expect(recover(dir, ['run', '--', 'node', 'flaky.js']).stderr).not.toContain('\u001b[');
    expect(recover(workdir(), ['run', '--', 'node', 'flaky.js'], { FORCE_COLOR: '1' }).stderr).toContain('\u001b[');
    expect(recover(workdir(), ['run', '--color', '--', 'node', 'flaky.js']).stderr).toContain('\u001b[');
    expect(recover(workdir(), ['run', '--no-color', '--', 'node', 'flaky.js'], { FORCE_COLOR: '1' }).stderr).not.toContain('\u001b[');
  }, 120_000);

  test('--quiet prints the summary only (the command still speaks for itself)', () => {
    const { status, stderr } = recover(workdir(), ['run', '--quiet', '--', 'node', 'flaky.js']);
    expect(status).toBe(0);
    expect(stderr).toMatch(/^Error: socket hang up\nrecover: run \S+ recovered \(NETWORK\) after 2 attempt\(s\) in \d+\.\ds\n$/);
  });
});

describe('the wrapped command keeps its terminal', () => {
  const SPEC = "const test = require('node:test');\ntest('adds', () => {});\n";

  test('on a terminal (the CLI under script(1)) node --test uses its spec reporter, in colour', async () => {
    const { spawnSync } = await import('node:child_process');
    const { writeFileSync } = await import('node:fs');
    const dir = workdir();
    writeFileSync(join(dir, 'spec.test.js'), SPEC);
    const line = `${process.execPath} ${BIN} run -- ${process.execPath} --test spec.test.js`;
    const result = spawnSync('script', ['-qec', line, '/dev/null'], { cwd: dir, env: cliEnv({ TERM: 'xterm-256color' }), encoding: 'utf8', timeout: 90_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/✔ adds/);
    expect(result.stdout).toMatch(/ℹ tests 1/);
    expect(result.stdout).toContain('\u001b[32m');
    expect(result.stdout).not.toContain('TAP version');
    // RECOVER_PTY=0 turns it off: the command sees pipes again.
    const off = spawnSync('script', ['-qec', line, '/dev/null'], { cwd: dir, env: cliEnv({ TERM: 'xterm-256color', RECOVER_PTY: '0' }), encoding: 'utf8', timeout: 90_000 });
    expect(off.stdout).toContain('TAP version 13');
  });

  test('off a terminal nothing changes: TAP on stdout, as without recover', async () => {
    const { writeFileSync } = await import('node:fs');
    const dir = workdir();
    writeFileSync(join(dir, 'spec.test.js'), SPEC);
    const { status, stdout } = recover(dir, ['run', '--', process.execPath, '--test', 'spec.test.js']);
    expect(status).toBe(0);
    expect(stdout).toContain('TAP version 13');
    expect(stdout).toContain('ok 1 - adds');
  });
});

test('--verbose says which config and store the run uses', () => {
  const dir = workdir();
  const { stderr } = recover(dir, ['run', '--verbose', '--', 'true']);
  expect(stderr).toContain(`recover: config ${join(dir, 'recovery.config.json')}, store ${join(dir, '.recovery')}\n`);
});

describe('recover list', () => {
  test('--status and --limit filter; a run whose process is gone is listed as interrupted', async () => {
    const dir = workdir();
    recover(dir, ['run', '--', 'node', 'flaky.js']);
    recover(dir, ['run', '--', 'node', 'fatal.js']);
    // A run killed with SIGKILL (no handler runs): its record still says running.
    const child = spawn(process.execPath, [BIN, 'run', '--', 'node', 'slow.js'], { cwd: dir, env: cliEnv(), stdio: 'ignore' });
    while (!existsSync(join(dir, 'pid'))) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    process.kill(Number(readFileSync(join(dir, 'pid'), 'utf8')), 'SIGKILL');

    const all = JSON.parse(recover(dir, ['list', '--json']).stdout) as { status: string }[];
    expect(all.map((run) => run.status).sort()).toEqual(['escalated', 'interrupted', 'recovered']);
    const text = recover(dir, ['list', '--status', 'interrupted']).stdout;
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toMatch(/ interrupted +\S+ +node slow\.js$/m);
    expect(JSON.parse(recover(dir, ['list', '--limit', '2', '--json']).stdout)).toHaveLength(2);
    expect(recover(dir, ['list', '--status', 'interupted']).stderr).toContain('(did you mean interrupted?)');
    expect(recover(dir, ['list', '--limit', '0']).status).toBe(2);
  }, 120_000);
});

describe('config and store are the project\'s, from any subdirectory', () => {
  test('found upward to the project root; $schema is accepted; RECOVERY_CONFIG names another', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const root = workdir({ $schema: './node_modules/recovery-protocol/recovery.config.schema.json', maxDelayMs: 20, budget: 0 });
    writeFileSync(join(root, 'package.json'), '{"name":"demo"}');
    const sub = join(root, 'packages', 'app');
    mkdirSync(sub, { recursive: true });
    // budget 0 from the root's config: the flaky command escalates instead of being retried.
    const run = recoverJson<{ status: string }>(sub, ['run', '--', 'node', '../../flaky.js']);
    expect(run.outcome.status).toBe('escalated');
    expect(existsSync(join(sub, '.recovery'))).toBe(false);
    expect(JSON.parse(recover(sub, ['list', '--json']).stdout)).toHaveLength(1);
    expect(JSON.parse(recover(root, ['list', '--json']).stdout)).toHaveLength(1);

    writeFileSync(join(root, 'other.json'), JSON.stringify({ maxDelayMs: 'soon' }));
    const named = recover(sub, ['run', '--', 'true'], { RECOVERY_CONFIG: join(root, 'other.json') });
    expect(named.status).toBe(2);
    expect(named.stderr).toContain(`${join(root, 'other.json')}: Invalid policy config (1 problem): maxDelayMs`);
  });
});

describe('CI', () => {
  test('GitHub Actions: a recovered run is annotated and gets a step summary too', () => {
    const dir = workdir();
    const summary = join(dir, 'summary.md');
    const { status, stderr } = recover(dir, ['run', '--', 'node', 'flaky.js'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
    expect(status).toBe(0);
    expect(stderr).toMatch(/^::warning title=recover%3A recovered \(NETWORK\)::run \S+ recovered \(NETWORK\) after 2 attempt\(s\)$/m);
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('recovered');
    expect(text).toContain('NETWORK');
    // Outside GitHub Actions: no workflow commands.
    expect(recover(workdir(), ['run', '--', 'node', 'flaky.js']).stderr).not.toContain('::warning');
  });

  test('under GitHub Actions each attempt\'s output is folded into a ::group:: of the log', async () => {
    const { openSync, closeSync } = await import('node:fs');
    const { spawnSync } = await import('node:child_process');
    const dir = workdir();
    // One file for both streams, as the runner's log merges them.
    const log = join(dir, 'log.txt');
    const fd = openSync(log, 'w');
    const { status } = spawnSync(process.execPath, [BIN, 'run', '--', 'node', 'flaky.js'], {
      cwd: dir, env: cliEnv({ GITHUB_ACTIONS: 'true' }), stdio: ['ignore', fd, fd], timeout: 60_000,
    });
    closeSync(fd);
    expect(status).toBe(0);
    const lines = readFileSync(log, 'utf8').split('\n');
    const at = (text: string) => lines.findIndex((line) => line.startsWith(text));
    expect(lines.filter((line) => line.startsWith('::group::'))).toEqual(['::group::recover: attempt 1/4', '::group::recover: attempt 2/4 (retry)']);
    expect(lines.filter((line) => line === '::endgroup::')).toHaveLength(2);
    // Each attempt's output sits inside its group; the lines of recover's own say how it ended, outside.
    expect(at('::group::recover: attempt 1/4')).toBeLessThan(at('Error: socket hang up'));
    expect(at('Error: socket hang up')).toBeLessThan(at('::endgroup::'));
    expect(at('::endgroup::')).toBeLessThan(at('recover: attempt 1 · PAUSE'));
    expect(at('::group::recover: attempt 2/4 (retry)')).toBeLessThan(at('ok'));
    expect(lines.lastIndexOf('::endgroup::')).toBeGreaterThan(at('ok'));
  });

  test('a failed pipeline says why, not only which step', async () => {
    const { writeFileSync } = await import('node:fs');
    const dir = workdir();
    writeFileSync(join(dir, 'p.yaml'), 'name: demo\nsteps:\n  - id: test\n    run: ["node", "fatal.js"]\n');
    const { status, stderr } = recover(dir, ['pipeline', 'run', 'p.yaml']);
    expect(status).toBe(3);
    expect(stderr).toMatch(/pipeline run \S+ failed \(failed step test\): step "test" escalated \(AUTH_REQUIRED, fatal_error\) after 1 attempt: HTTP 401 Unauthorized$/m);
  });
});
