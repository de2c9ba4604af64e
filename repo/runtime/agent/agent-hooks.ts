/**
 * The DIAGNOSE and ADAPT hooks of a run's agent (a preset of presets.ts): the prompt on stdin, the
 * preset's arguments for the phase, the answer read from the agent's envelope, the spend added up
 * against the run's limit.
 */
import { readFile } from 'node:fs/promises';
import type { AdaptInput, DiagnoseInput } from '../../../machines/index.js';
import type { HookContext } from '../hook-context.js';
import { shellLine } from '../../report/markdown.js';
import type { Adapter, Diagnoser } from '../options.js';
import {
  runAdaptProgram, runDiagnoseProgram, HookProgramError, type HookPhase, type HookProgram, type HookRunOptions,
} from './hook-program.js';
import { AGENT_TIMEOUT_MS, type AgentOptions } from './options.js';
import { AGENT_PRESETS } from './presets.js';
import { topLevel } from '../git/run-git.js';
import { adaptPrompt, diagnosePrompt } from './prompt.js';

/** The run went over its agent spend limit (`AgentOptions.budgetUsd`): the machine escalates with `agent_budget`. */
export class AgentBudgetError extends HookProgramError {
  override name = 'AgentBudgetError';
}

/** Where the agent works, and on what. */
export interface AgentPlace extends Omit<HookRunOptions, 'timeoutMs' | 'onCost'> {
  /** The failing command (the agent is told it, to check its own fix). */
  command: readonly string[];
  cwd: string;
  /** The working directory is in a git repository. Default: asked of git at the first call. */
  inGit?: boolean;
}

/** The run's agent as its diagnoser and adapter. The spend is added up across both phases of the run (in this process). */
export function agentHooks(agent: AgentOptions, place: AgentPlace): { diagnose: Diagnoser; adapt: Adapter } {
  let spentUsd = 0;
  const options: HookRunOptions = {
    ...place,
    timeoutMs: agent.timeoutMs ?? AGENT_TIMEOUT_MS,
    onCost: (usd) => {
      spentUsd += usd;
      place.onNote?.(`agent ${agent.name}: this call cost $${usd.toFixed(4)} (run total $${spentUsd.toFixed(4)})`);
    },
  };
  const checkBudget = () => {
    if (agent.budgetUsd !== undefined && spentUsd > agent.budgetUsd) {
      throw new AgentBudgetError(`agent ${agent.name} spent $${spentUsd.toFixed(4)}, over the run's limit of $${agent.budgetUsd} (--agent-budget-usd)`);
    }
  };
  const template = async () => (agent.promptFile ? readFile(agent.promptFile, 'utf8') : undefined);
  let inGit = place.inGit;
  const prepare = async () => {
    checkBudget();
    inGit ??= await insideGit(place.cwd);
    return { text: await template(), inGit };
  };
  const where = { command: place.command, cwd: place.cwd, ...(place.redact ? { redact: place.redact } : {}) };
  /** The phase's program, with the prompt template and git's answer read for this call. */
  const program = <I>(phase: HookPhase, prompt: (input: I, text: string | undefined) => string, { text, inGit }: { text: string | undefined; inGit: boolean }): HookProgram<I> => ({
    label: `agent ${agent.name} (${phase})`,
    exitMeansNoAlternative: false,
    notFound: installHint(agent),
    call: (input, reminder) => callOf(agent, place, inGit, phase, withReminder(prompt(input, text), reminder)),
  });
  const adaptPromptOf = (input: AdaptInput, text: string | undefined) => adaptPrompt(input, where, text);
  const diagnosePromptOf = (input: DiagnoseInput, text: string | undefined) => diagnosePrompt(input, where, text);
  return {
    adapt: async (input, hook?: HookContext) => {
      const output = await runAdaptProgram(program('ADAPT', adaptPromptOf, await prepare()), input, options, hook?.signal);
      checkBudget();
      return output;
    },
    diagnose: async (input, hook?: HookContext) => {
      const output = await runDiagnoseProgram(program('DIAGNOSE', diagnosePromptOf, await prepare()), input, options, hook?.signal);
      checkBudget();
      return output;
    },
  };
}

/** A re-ask is a new call of the agent: the whole prompt again, the reminder after it. */
const withReminder = (prompt: string, reminder: string | null) => (reminder ? `${prompt}\n\n${reminder}` : prompt);
const installHint = (agent: AgentOptions) => `install ${AGENT_PRESETS[agent.name].title} with 'npm install -g ${AGENT_PRESETS[agent.name].npmPackage}'`;

/** Whether `cwd` is inside a git work tree (Codex needs to be told when it is not). */
const insideGit = (cwd: string): Promise<boolean> => topLevel(cwd).then(() => true, () => false);

/** The argv and stdin of one call (a re-ask sends the format reminder in the same session's place). */
function callOf(agent: AgentOptions, place: AgentPlace, inGit: boolean, phase: HookPhase, prompt: string) {
  const preset = AGENT_PRESETS[agent.name];
  const args = [
    ...preset.base,
    ...preset.phase[phase],
    ...(agent.model ? preset.model(agent.model) : []),
    ...(agent.maxTurns !== undefined && preset.maxTurns ? preset.maxTurns(agent.maxTurns) : []),
    ...(agent.args ?? []),
    ...preset.place({ inGit }),
  ];
  return { cmd: preset.program, args, stdin: prompt, env: { ...preset.env, RECOVERY_PHASE: phase, RECOVERY_COMMAND: shellLine(place.command) } };
}
