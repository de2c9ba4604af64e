/**
 * The agent presets: how each AI coding agent CLI is run for DIAGNOSE (read-only) and ADAPT (may
 * edit the work tree). Data, one row per agent, so adding an agent is adding a row: the prompt
 * goes on stdin, the answer comes back in the agent's JSON envelope (unwrapped by
 * `unwrapEnvelope`), and everything else about the call is shared (hook-program.ts).
 *
 * What each phase may do, by the agents' own permission systems (checked by tests with the real
 * CLIs): DIAGNOSE cannot write (Claude Code's default permission mode in `-p` refuses edits;
 * Codex's read-only sandbox; Gemini CLI's default approval mode refuses what needs approval);
 * ADAPT may edit files in the working directory and nothing else (Claude Code `acceptEdits`,
 * Codex `workspace-write`, Gemini CLI `auto_edit`). Web tools are off in both; a shell is allowed
 * only where the user adds it (`--agent-args`).
 */
import type { HookPhase } from './hook-program.js';

/** The agents with a preset, in the order help lists them. */
export const AGENT_NAMES = ['claude', 'codex', 'gemini'] as const;
/** An agent with a preset: `claude` (Claude Code), `codex` (Codex CLI), `gemini` (Gemini CLI). */
export type AgentName = (typeof AGENT_NAMES)[number];

/** What the preset needs to know of where it runs. */
export interface PresetPlace {
  /** The working directory is inside a git repository (Codex refuses to run outside one unless told). */
  inGit: boolean;
}

/** One agent's row. */
export interface AgentPreset {
  /** The product, for messages. */
  title: string;
  /** The program on PATH. */
  program: string;
  /** The npm package that installs it (for the "not found" message). */
  npmPackage: string;
  /** Arguments of every call, before the phase's. */
  base: readonly string[];
  /** The phase's arguments: what the agent may do. */
  phase: Readonly<Record<HookPhase, readonly string[]>>;
  /** Arguments that pick a model. */
  model(name: string): string[];
  /** Arguments that bound the agent's turns; null where the CLI has no such option. */
  maxTurns: ((turns: number) => string[]) | null;
  /** Arguments the place needs (Codex outside git). */
  place(place: PresetPlace): string[];
  /** Environment the agent needs to run unattended, on top of the caller's. */
  env: Readonly<Record<string, string>>;
  /** Where it reports what a call cost, if anywhere (shown in help and the README). */
  cost: string | null;
}

/** Every preset, by name. */
export const AGENT_PRESETS: Readonly<Record<AgentName, AgentPreset>> = {
  claude: {
    title: 'Claude Code',
    program: 'claude',
    npmPackage: '@anthropic-ai/claude-code',
    // The prompt comes on stdin; the answer in one JSON envelope (`result`, `is_error`, `total_cost_usd`).
    base: ['-p', '--output-format', 'json', '--disallowedTools', 'WebFetch', 'WebSearch'],
    phase: {
      DIAGNOSE: ['--permission-mode', 'default'],
      ADAPT: ['--permission-mode', 'acceptEdits'],
    },
    model: (name) => ['--model', name],
    maxTurns: (turns) => ['--max-turns', String(turns)],
    place: () => [],
    env: {},
    cost: 'total_cost_usd in its JSON answer',
  },
  codex: {
    title: 'Codex CLI',
    program: 'codex',
    npmPackage: '@openai/codex',
    // `-` reads the prompt from stdin; --json prints JSONL events (the last agent message is the answer).
    base: ['exec', '--json', '--color', 'never'],
    phase: {
      DIAGNOSE: ['--sandbox', 'read-only'],
      ADAPT: ['--sandbox', 'workspace-write'],
    },
    model: (name) => ['--model', name],
    maxTurns: null,
    // Codex refuses a directory outside git unless told: a run there has no git view of the tree either way.
    place: ({ inGit }) => (inGit ? ['-'] : ['--skip-git-repo-check', '-']),
    env: {},
    cost: null,
  },
  gemini: {
    title: 'Gemini CLI',
    program: 'gemini',
    npmPackage: '@google/gemini-cli',
    // The prompt comes on stdin (non-interactive when stdin is not a terminal).
    base: ['--output-format', 'json'],
    phase: {
      DIAGNOSE: ['--approval-mode', 'default'],
      ADAPT: ['--approval-mode', 'auto_edit'],
    },
    model: (name) => ['--model', name],
    maxTurns: null,
    place: () => [],
    // A folder Gemini CLI does not trust runs in safe mode (no edits): the run's own folder is trusted.
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
    cost: null,
  },
};

/** Whether `name` has a preset. */
export const isAgentName = (name: string): name is AgentName => (AGENT_NAMES as readonly string[]).includes(name);
