import { describe, expect, it } from 'vitest';
import { sealCommandLine, unsealCommandLine, type CommandLine } from '../../src/cli/sealed-command.js';
import { redactDeep } from '../../src/redact/index.js';

const TOKEN = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
const KEY = 'sk-ant-api03-Zq7Lm2Xv9Rt4Yp8Wn3Kb6Hj1Gf5Ds0Aa';
const line = (command: string[], adapter: string | null = null, diagnoser: string | null = null): CommandLine => ({ command, adapter, diagnoser });

/** Seal, store (as the run record would: redacted as JSON), unseal: the round trip of a resume. */
function roundTrip(original: CommandLine, runEnv: Record<string, string>, resumeEnv?: Record<string, string>) {
  const sealed = sealCommandLine(original, runEnv);
  const stored = JSON.parse(JSON.stringify(redactDeep({ ...sealed }))) as typeof sealed;
  return { sealed, stored, back: resumeEnv ? unsealCommandLine('r1', stored, stored.fromEnv, resumeEnv) : undefined };
}

describe('sealCommandLine / unsealCommandLine', () => {
  it('a command without secrets is stored as it is, with nothing to rebuild', () => {
    const sealed = sealCommandLine(line(['npm', 'test', '--', '--grep', 'token count=3']), {});
    expect(sealed).toEqual({ command: ['npm', 'test', '--', '--grep', 'token count=3'], adapter: null, diagnoser: null, fromEnv: null, notes: [] });
  });

  it('a secret that is the value of an environment variable becomes a reference to it, and comes back from it', () => {
    const original = line(['curl', '-H', `Authorization: Bearer ${TOKEN}`, 'https://api.example.com']);
    const { sealed, stored, back } = roundTrip(original, { GITHUB_TOKEN: TOKEN, HOME: '/root' }, { GITHUB_TOKEN: TOKEN });
    expect(stored.command[2]).toBe('Authorization: Bearer [REDACTED]');
    expect(stored.fromEnv).toEqual({ command: { 2: ['Authorization: Bearer ', { env: 'GITHUB_TOKEN' }] } });
    expect(JSON.stringify(stored)).not.toContain(TOKEN.slice(4));
    expect(sealed.notes).toEqual(["recover: argument 2 of the command holds the value of $GITHUB_TOKEN; it is stored as a reference, read again on 'recover resume' and 'recover decide'"]);
    expect(back).toEqual(original);
  });

  it('a secret typed on the command line makes the whole argument a variable of its own, named at the start', () => {
    const original = line(['deploy', `--api-key=${KEY}`, 'prod'], `claude -p --token ${TOKEN}`);
    const { sealed, stored } = roundTrip(original, {});
    expect(stored.command).toEqual(['deploy', '--api-key=[REDACTED]', 'prod']);
    expect(stored.adapter).toBe('claude -p --token ghp_[REDACTED]');
    expect(stored.fromEnv).toEqual({ command: { 1: [{ env: 'RECOVER_ARG_1' }] }, adapter: [{ env: 'RECOVER_ADAPTER' }] });
    expect(sealed.notes.join('\n')).toContain('$RECOVER_ARG_1');
    expect(sealed.notes.join('\n')).toContain('$RECOVER_ADAPTER');
    const back = unsealCommandLine('r1', stored, stored.fromEnv, { RECOVER_ARG_1: `--api-key=${KEY}`, RECOVER_ADAPTER: `claude -p --token ${TOKEN}` });
    expect(back).toEqual(original);
  });

  it('a literal secret next to an environment one: the whole argument is its own variable', () => {
    const sealed = sealCommandLine(line(['x', `${TOKEN}:${KEY}`]), { GITHUB_TOKEN: TOKEN });
    expect(sealed.fromEnv).toEqual({ command: { 1: [{ env: 'RECOVER_ARG_1' }] } });
  });

  it('a resume without the variables is refused, naming each, what it stands for and the run', () => {
    const { stored } = roundTrip(line(['deploy', `--api-key=${KEY}`, `https://u:${TOKEN}@h`]), { GH: TOKEN });
    expect(() => unsealCommandLine('20261121-125406-3f9a1c2b', stored, stored.fromEnv, {})).toThrow(
      "run 20261121-125406-3f9a1c2b: its command line held secrets that were not stored; set $RECOVER_ARG_1 (the whole argument 1, stored as \"--api-key=[REDACTED]\"), $GH (the secret in argument 2, stored as \"https://u:***@h\") in the environment and run this again",
    );
  });

  it('a malformed fromEnv is a clear error, not a command run with a redacted argument', () => {
    expect(() => unsealCommandLine('r1', line(['a', '[REDACTED]']), { command: { 1: [42] } }, {})).toThrow('run r1: meta.fromEnv for argument 1 is malformed');
    expect(() => unsealCommandLine('r1', line(['a']), 'x', {})).toThrow('run r1: meta.fromEnv is not an object');
  });
});
