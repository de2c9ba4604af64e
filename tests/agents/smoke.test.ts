/**
 * The three real agent CLIs (Claude Code, Codex, Gemini CLI) against the fake model server: plain
 * text out, the JSON envelope, a file written in edit mode, the same write refused in read-only
 * mode, and what each does when the API is unreachable or answers an HTTP error. Only the model is
 * fake; a CLI that could not be installed is skipped with the reason in the test's name.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { AGENT_NAMES, agentEnv, type AgentName } from './agents.js';
import { FakeModelServer, unreachableUrl } from './fake-model/server.js';
import { runAgent, type AgentRun } from './run-agent.js';

/** The final text and error flag out of each CLI's JSON output. */
interface Envelope {
  text: string | undefined;
  isError: boolean;
}

interface AgentRow {
  /** Non-interactive, default (read-only) permissions: a DIAGNOSE call. */
  plain(prompt: string): string[];
  json(prompt: string): string[];
  /** Edits allowed in the working directory: an ADAPT call. */
  edit(prompt: string): string[];
  readOnly(prompt: string): string[];
  envelope(stdout: string): Envelope;
  /** Ends a run that would otherwise not end on its own when the API is unreachable. */
  giveUp?: (out: { stdout: string; stderr: string }) => boolean;
}

const ROWS: Record<AgentName, AgentRow> = {
  claude: {
    plain: (p) => ['-p', p],
    json: (p) => ['-p', p, '--output-format', 'json'],
    edit: (p) => ['-p', p, '--permission-mode', 'acceptEdits'],
    readOnly: (p) => ['-p', p],
    envelope(stdout) {
      const result = JSON.parse(stdout) as { type: string; result?: string; is_error: boolean };
      expect(result.type).toBe('result');
      return { text: result.result, isError: result.is_error };
    },
  },
  codex: {
    plain: (p) => ['exec', '--skip-git-repo-check', p],
    json: (p) => ['exec', '--skip-git-repo-check', '--json', p],
    edit: (p) => ['exec', '--skip-git-repo-check', '--sandbox', 'workspace-write', p],
    readOnly: (p) => ['exec', '--skip-git-repo-check', '--sandbox', 'read-only', p],
    envelope(stdout) {
      const events = stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; item?: { type: string; text?: string } });
      const messages = events.filter((e) => e.type === 'item.completed' && e.item?.type === 'agent_message');
      return { text: messages.at(-1)?.item?.text, isError: events.some((e) => e.type === 'turn.failed') };
    },
    // Codex does not give up on a refused connection: it keeps "waiting for network".
    giveUp: ({ stderr }) => stderr.includes('waiting for network'),
  },
  gemini: {
    plain: (p) => ['-p', p],
    json: (p) => ['-p', p, '--output-format', 'json'],
    edit: (p) => ['-p', p, '--approval-mode', 'auto_edit'],
    readOnly: (p) => ['-p', p],
    envelope(stdout) {
      const result = JSON.parse(stdout) as { response?: string; error?: unknown };
      return { text: result.response, isError: result.error !== undefined };
    },
  },
};

const bins = inject('agentBins');

function describeAgent(name: AgentName, body: (name: AgentName) => void): void {
  const bin = bins[name];
  if ('missing' in bin) describe.skip(`${name}: not installed (${bin.missing})`, () => body(name));
  else describe(`${name} ${bin.version}`, () => body(name));
}

for (const name of AGENT_NAMES) {
  describeAgent(name, () => {
    const row = ROWS[name];
    let server: FakeModelServer;
    let home: string;
    let cwd: string;

    beforeEach(async () => {
      server = await FakeModelServer.start();
      const root = mkdtempSync(join(tmpdir(), `agent-${name}-`));
      home = join(root, 'home');
      cwd = join(root, 'work');
      mkdirSync(home);
      mkdirSync(cwd);
      return () => rmSync(root, { recursive: true, force: true });
    });
    afterEach(async () => {
      await server.close();
    });

    async function run(args: string[], url = server.url): Promise<AgentRun> {
      const env = await agentEnv(name, url, home, { trust: cwd });
      return runAgent(bins[name], args, { cwd, env, stopWhen: row.giveUp, deadlineMs: 60_000 });
    }

    function expectPrompt(prompt: string): void {
      expect(server.promptsReceived()).toContain(prompt);
    }

    it('prints the model’s plain-text answer', async () => {
      server.script({ text: 'PLAIN-ANSWER-42' });
      const result = await run(row.plain('diagnose: say the answer'));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('PLAIN-ANSWER-42');
      expectPrompt('diagnose: say the answer');
    });

    it('wraps the answer in its JSON output', async () => {
      server.script({ text: 'JSON-ANSWER-7' });
      const result = await run(row.json('answer in json'));
      expect(result.code, result.stderr).toBe(0);
      expect(row.envelope(result.stdout)).toEqual({ text: 'JSON-ANSWER-7', isError: false });
      expectPrompt('answer in json');
    });

    it('writes a file when edits are allowed', async () => {
      const path = join(cwd, 'fixed.txt');
      server.script({ writeFile: { path, content: `written by ${name}\n` } }, { text: 'WROTE-IT' });
      const result = await run(row.edit('adapt: write fixed.txt'));
      expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(path, 'utf8')).toBe(`written by ${name}\n`);
      expect(result.stdout).toContain('WROTE-IT');
      expectPrompt('adapt: write fixed.txt');
      expect(server.turnsLeft).toBe(0);
    });

    it('refuses the same write in read-only mode', async () => {
      const path = join(cwd, 'fixed.txt');
      server.script({ writeFile: { path, content: 'must not appear\n' } }, { text: 'COULD-NOT-WRITE' });
      const result = await run(row.readOnly('diagnose: try to write fixed.txt'));
      expect(result.code, result.stderr).toBe(0);
      expect(existsSync(path)).toBe(false);
      expect(result.stdout).toContain('COULD-NOT-WRITE');
      expectPrompt('diagnose: try to write fixed.txt');
      // The refusal went back to the model as the tool's result.
      expect(server.toolResults().map((r) => r.output).join('\n')).toMatch(/permission|haven't granted|rejected|read-only|not found/i);
    });

    it('fails with a non-zero exit when the API is unreachable', async () => {
      const result = await run(row.plain('unreachable'), await unreachableUrl());
      if (row.giveUp === undefined) {
        expect(result.stopped, `${name} did not end on its own within 60 s`).toBe(false);
        expect(result.code).not.toBe(0);
      } else {
        expect(result.stopped).toBe(true);
      }
      expect(`${result.stdout}\n${result.stderr}`).toMatch(/ECONNREFUSED|fetch failed|waiting for network|Connection/i);
      expect(result.ms).toBeLessThan(30_000);
    });

    it('fails with a non-zero exit on HTTP 401 and on HTTP 500, after the prompt reached the API', async () => {
      for (const status of [401, 500]) {
        server.script({ error: status });
        const result = await run(row.json(`status ${status}`));
        expect(result.code, `${status}: ${result.stderr}`).not.toBe(0);
        // Gemini CLI prints its JSON error envelope on stderr, not stdout.
        const out = name === 'gemini' ? result.stderr.slice(result.stderr.lastIndexOf('\n{\n') + 1) : result.stdout;
        expect(row.envelope(out).isError).toBe(true);
        expectPrompt(`status ${status}`);
        await server.close();
        server = await FakeModelServer.start();
      }
    });
  });
}
