/**
 * No secret leaks, end to end (BUILT CLI, real child processes, a real ws server): every secret
 * kind is planted in every input channel — the command's arguments, its stdout and stderr, the
 * environment, the `--adapter` command line, the adapter's answer, `decide --guidance`, a
 * pipeline step's output — and then every file the runs leave (the whole store, traces, reports,
 * GITHUB_STEP_SUMMARY, pipeline outputs), the inspector stream and all terminal output are
 * searched: no secret is found in any of them. The resume of a run whose command line held
 * secrets is exercised too: refused with the variables to set, then run with them.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { listen } from '../inspect/helpers.js';
import { recoverAsync, type CliResult } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { openStore } from '../../src/store/index.js';

beforeAllBuilt();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

/** One planted secret: the text planted, and the part of it that must never be seen again. */
interface Planted { kind: string; channel: string; text: string; body: string }

/**
 * Every secret kind, made unique to `channel` (a letter, upper case) so a leak names its channel.
 * The bodies are what must not survive; vendor prefixes (`sk-ant-`, `ghp_`…) may.
 */
function secretsFor(channel: string): Planted[] {
  const c = channel.toUpperCase();
  const l = channel.toLowerCase();
  const p = (kind: string, text: string, body: string): Planted => ({ kind, channel: c, text, body });
  const jwtPayload = Buffer.from(JSON.stringify({ sub: `user-${l}`, iat: 1700000000 })).toString('base64url');
  return [
    p('openai', `sk-${c}b3Kx9Qm2Lp7Rt5Vw8Yz1Nc4Hd6Fg0Js2Ae7Ui`, `${c}b3Kx9Qm2Lp7Rt5Vw8Yz1Nc4Hd6Fg0Js2Ae7Ui`),
    p('openai-project', `sk-proj-${c}q8Wn2Ep5Rt9Yu3Io7Pa1Sd4Fg6Hj0Kl2Zx5Cv8Bn`, `${c}q8Wn2Ep5Rt9Yu3Io7Pa1Sd4Fg6Hj0Kl2Zx5Cv8Bn`),
    p('anthropic', `sk-ant-api03-${c}m4Nb7Vc1Xz3Lk6Jh9Gf2Ds5Aq8Wr0Ty-${l}Ab_Cd`, `${c}m4Nb7Vc1Xz3Lk6Jh9Gf2Ds5Aq8Wr0Ty`),
    p('aws-access-key-id', `AKIA${c}7QX2ZP4MN8KD3LR`, `${c}7QX2ZP4MN8KD3LR`),
    p('aws-secret-access-key', `w${c}alrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`, `w${c}alrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`), // 40 characters
    p('github', `ghp_${c}16C7e42F292c6912E7710c838347Ae178B`, `${c}16C7e42F292c6912E7710c838347Ae178B`),
    p('github-oauth', `gho_${c}26C7e42F292c6912E7710c838347Ae178B`, `${c}26C7e42F292c6912E7710c838347Ae178B`),
    p('github-server', `ghs_${c}36C7e42F292c6912E7710c838347Ae178B`, `${c}36C7e42F292c6912E7710c838347Ae178B`),
    p('github-pat', `github_pat_11${c}BCDEFG0123456789_abcdefghijklmnopqrstuvw`, `11${c}BCDEFG0123456789_abcdefghijklmnopqrstuvw`),
    p('slack', `xoxb-1234567890-${c}987654321-AbCdEfGhIjKlMn`, `1234567890-${c}987654321-AbCdEfGhIjKlMn`),
    p('slack-user', `xoxp-2234567890-${c}987654321-ZyXwVuTsRqPo`, `2234567890-${c}987654321-ZyXwVuTsRqPo`),
    p('google', `AIzaSy${c}1234567890abcdefghijklmnopqrs`, `Sy${c}1234567890abcdefghijklmnopqrs`),
    p('jwt', `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${jwtPayload}.${c}flKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQs`, `${c}flKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQs`),
    p('pem', `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA${c}3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yP\n-----END RSA PRIVATE KEY-----`, `MIIEpAIBAAKCAQEA${c}3VS5JJcds3xfn`),
    p('url-password', `https://deploy:hunter2${c}Pw9x@git.example.com/repo.git`, `hunter2${c}Pw9x`),
    p('password-query', `https://api.example.com/v1?password=pq${c}Secr3tValue&page=2`, `pq${c}Secr3tValue`),
    p('token-query', `https://api.example.com/v1?token=tq${c}Secr3tValue`, `tq${c}Secr3tValue`),
    p('api-key-pair', `api_key=ak${c}Secr3tValue`, `ak${c}Secr3tValue`),
  ];
}

const CHANNELS = {
  argv: secretsFor('a'),
  stdout: secretsFor('o'),
  stderr: secretsFor('e'),
  env: secretsFor('v'),
  adapterLine: secretsFor('l'),
  adapterAnswer: secretsFor('f'),
  guidance: secretsFor('g'),
  pipeline: secretsFor('p'),
};
const ALL = Object.values(CHANNELS).flat();

/** Every file under `dir`, recursively (hidden ones included), as latin1 text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push({ path, text: readFileSync(path).toString('latin1') });
  }
  return out;
}

/** Where each planted secret's body is found, as "kind/channel in place"; empty means no leak. */
function leaks(places: readonly { path: string; text: string }[]): string[] {
  const found: string[] = [];
  // The bodies hold no character that JSON or HTML would escape, so a plain search finds them anywhere.
  for (const place of places) for (const s of ALL) if (place.text.includes(s.body)) found.push(`${s.kind}/${s.channel} in ${place.path}`);
  return found;
}

const terminal = (name: string, r: CliResult) => [{ path: `${name} stdout`, text: r.stdout }, { path: `${name} stderr`, text: r.stderr }];

describe('no secret leaks through any channel (built CLI)', () => {
  test('run → decide with guidance → resume refused/allowed → list/report/history; pipeline', async () => {
    const server = await listen();
    cleanups.push(server.close);
    const fixtures = mkdtempSync(join(tmpdir(), 'recover-secrets-fixtures-'));
    const work = mkdtempSync(join(tmpdir(), 'recover-secrets-work-'));
    writeFileSync(join(work, 'recovery.config.json'), JSON.stringify({ maxDelayMs: 10 }));
    // The command prints its secrets (the "o" and "e" sets, and the environment's "v" set) and fails.
    writeFileSync(join(fixtures, 'stdout.txt'), CHANNELS.stdout.map((s) => s.text).join('\n'));
    writeFileSync(join(fixtures, 'stderr.txt'), CHANNELS.stderr.map((s) => s.text).join(' and '));
    writeFileSync(join(fixtures, 'cmd.sh'), [
      `cat ${join(fixtures, 'stdout.txt')}`,
      `cat ${join(fixtures, 'stderr.txt')} >&2`,
      'printf "%s\\n" "$SECRET_ENV_0" "$SECRET_ENV_1" "$SECRET_ENV_2"',
      'echo "$@"', // the arguments, echoed back
      // What it was given, kept outside the searched directory: the literal arguments and guidance?
      `printf '%s' "$*" | sha256sum >> ${join(fixtures, 'argv.sha')}`,
      `[ -n "$RECOVERY_GUIDANCE" ] && printf '%s' "$RECOVERY_GUIDANCE" | sha256sum >> ${join(fixtures, 'guidance.sha')}`,
      'echo "Error: the deploy failed" >&2',
      'exit 1',
    ].join('\n'));
    // The adapter answers with a fix holding the "f" set, so adapter answers are a channel too.
    // A new fix each call (a repeated one would end the run), and the guidance it was given recorded.
    writeFileSync(join(fixtures, 'answer.txt'), `use ${CHANNELS.adapterAnswer.map((s) => s.text).join(' ')}`);
    writeFileSync(join(fixtures, 'adapter.mjs'), [
      "import { appendFileSync, readFileSync } from 'node:fs';",
      "import { createHash } from 'node:crypto';",
      'const input = JSON.parse(readFileSync(0, "utf8"));',
      `if (input.guidance) appendFileSync(${JSON.stringify(join(fixtures, 'adapter-guidance.sha'))}, createHash('sha256').update(input.guidance).digest('hex') + '  -\\n');`,
      `const fix = readFileSync(${JSON.stringify(join(fixtures, 'answer.txt'))}, 'utf8') + ' (call ' + Math.random() + ')';`,
      'process.stdout.write(JSON.stringify({ fix, confidence: 0.9 }));',
    ].join('\n'));
    const summary = join(work, 'step-summary.md');
    const env: Record<string, string> = { GITHUB_STEP_SUMMARY: summary };
    CHANNELS.env.forEach((s, i) => { env[`SECRET_ENV_${i}`] = s.text; });
    // A secret of the environment also typed on the command line: stored as a reference to it.
    const fromEnv = CHANNELS.env[5]!.text;
    const argv = [...CHANNELS.argv.map((s) => s.text), fromEnv];
    const adapterLine = `node ${join(fixtures, 'adapter.mjs')} ${CHANNELS.adapterLine.map((s) => `'${s.text}'`).join(' ')}`;

    const run = await recoverAsync(work, [
      'run', '--trace', 'trace.ndjson', '--inspect', server.url, '--report', 'report.md', '--adapter', adapterLine,
      '--', 'sh', join(fixtures, 'cmd.sh'), ...argv,
    ], 60_000, env);
    expect(run.status).toBe(3);
    const runId = /run (\d{8}-\d{6}-[0-9a-f]{8})/.exec(run.stderr)![1]!;
    // Told at the start which variables a resume will need; the env-held one is a reference.
    expect(run.stderr).toContain('$RECOVER_ARG_2');
    expect(run.stderr).toContain('$RECOVER_ADAPTER');
    expect(run.stderr).toContain(`argument ${argv.length + 1} of the command holds the value of $SECRET_ENV_5`);

    // decide without the secrets in the environment: refused, naming each variable to set.
    const refused = await recoverAsync(work, ['decide', runId, '--choice', 'retry-with', '--guidance', 'x'], 30_000, env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('RECOVER_ARG_2');
    expect(refused.stderr).toContain('RECOVER_ADAPTER');
    expect(refused.stderr).toMatch(/^recover decide: run \S+: its command line held secrets that were not stored; set \$RECOVER_ARG_2 /);

    // With them: the command runs again with its literal arguments (it echoes them back, redacted).
    const resumeEnv: Record<string, string> = { ...env, RECOVER_ADAPTER: adapterLine };
    CHANNELS.argv.forEach((s, i) => { resumeEnv[`RECOVER_ARG_${i + 2}`] = s.text; });
    const guidance = `rotate these: ${CHANNELS.guidance.map((s) => s.text).join(' ; ')}`;
    const decided = await recoverAsync(work, [
      'decide', runId, '--choice', 'retry-with', '--guidance', guidance, '--trace', 'decide-trace.ndjson', '--inspect', server.url,
    ], 60_000, resumeEnv);
    expect(decided.status).toBe(3);
    // The history as the store holds it: the committed part of the run's event log.
    const record = (await openStore(join(work, '.recovery')).load(runId))!;
    const decision = record.history.find((e) => e.phase === 'DECISION')!;
    expect(decision.message).toContain('rotate these: sk-[REDACTED]');
    // Every attempt, before and after the decision, ran with the literal arguments, and the
    // command got the guidance as written (RECOVERY_GUIDANCE), not its redacted record.
    const sha = (text: string) => `${createHash('sha256').update(text).digest('hex')}  -`;
    const attempts = readFileSync(join(fixtures, 'argv.sha'), 'utf8').trim().split('\n');
    expect(attempts.length).toBeGreaterThan(2); // attempts before the decision, and after it
    expect(new Set(attempts)).toEqual(new Set([sha(argv.join(' '))]));
    expect(new Set(readFileSync(join(fixtures, 'guidance.sha'), 'utf8').trim().split('\n'))).toEqual(new Set([sha(guidance)]));
    expect(new Set(readFileSync(join(fixtures, 'adapter-guidance.sha'), 'utf8').trim().split('\n'))).toEqual(new Set([sha(guidance)]));
    expect(decided.stdout).toContain('sk-[REDACTED] sk-proj-[REDACTED]'); // echoed, redacted on the terminal

    const views = await Promise.all([
      recoverAsync(work, ['list']), recoverAsync(work, ['list', '--json']),
      recoverAsync(work, ['report', runId]), recoverAsync(work, ['report', runId, '--format', 'json']),
      recoverAsync(work, ['report', runId, '--format', 'html']), recoverAsync(work, ['history', runId]),
    ]);
    for (const view of views) expect(view.status).toBe(0);
    expect(views[0]!.stdout).toContain('escalated');

    // A pipeline whose step prints the "p" set (read from the environment, never from a file of ours).
    const pipeEnv: Record<string, string> = { PIPE_SECRETS: CHANNELS.pipeline.map((s) => s.text).join('\n') };
    mkdirSync(join(work, 'pipe'));
    writeFileSync(join(work, 'pipe', 'p.yaml'), 'name: leak\nsteps:\n  - id: emit\n    run: printf "%s\\n" "$PIPE_SECRETS"\n');
    const piped = await recoverAsync(join(work, 'pipe'), ['pipeline', 'run', 'p.yaml', '--store', 'store'], 60_000, pipeEnv);
    expect(piped.status).toBe(0);
    const outputs = filesUnder(join(work, 'pipe', 'store')).filter((f) => f.path.endsWith('emit.stdout'));
    expect(outputs).toHaveLength(1);
    expect(outputs[0]!.text).toContain('sk-ant-[REDACTED]');

    // The inspector saw both processes, the decision (with its guidance) among the events.
    const decideEvent = () => server.messages.find((m) => m.type === '@xstate.event' && (m.event as { type?: string }).type === 'DECIDE');
    await expect.poll(() => decideEvent() !== undefined).toBe(true);
    expect((decideEvent()!.event as { guidance: string }).guidance).toContain('rotate these: sk-[REDACTED]');
    const everything = [
      ...filesUnder(work),
      { path: 'inspector stream', text: JSON.stringify(server.messages) },
      ...terminal('run', run), ...terminal('refused decide', refused), ...terminal('decide', decided), ...terminal('pipeline', piped),
      ...views.flatMap((view, i) => terminal(`view ${i}`, view)),
    ];
    const where = everything.map((f) => f.path).join('\n');
    for (const expected of ['trace.ndjson', 'decide-trace.ndjson', 'report.md', 'step-summary.md', `${runId}.json`, 'emit.stdout']) expect(where).toContain(expected);
    console.info(`searched ${everything.length} files and streams (${everything.reduce((n, f) => n + f.text.length, 0)} chars) for ${ALL.length} planted secrets`);
    expect(leaks(everything)).toEqual([]);
  }, 240_000);

  test('the search itself finds a planted secret (it is not blind)', () => {
    const secret = CHANNELS.argv[12]!; // the JWT
    expect(leaks([{ path: 'x', text: `before ${secret.text} after` }])).toEqual([`jwt/A in x`]);
    const pem = CHANNELS.argv[13]!;
    expect(leaks([{ path: 'y', text: JSON.stringify({ k: pem.text }) }])).toEqual([`pem/A in y`]);
  });
});
