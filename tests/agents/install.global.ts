/**
 * vitest globalSetup: installs the pinned agent CLIs (scripts/install-agents.sh, a no-op once they
 * are in the cache) and provides `agentBins`: for each agent, where its program is or why it is
 * missing, so tests/agents/ skips that agent with the reason in the test's name instead of passing.
 * RECOVERY_AGENTS_SKIP_INSTALL=1 only reads what is already installed.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { INSTALL_SCRIPT, readAgentBins, type AgentBins } from './agents.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each agent CLI's program, or why it could not be installed. */
    agentBins: AgentBins;
  }
}

export default function setup(project: TestProject): void {
  let failure = '';
  if (process.env.RECOVERY_AGENTS_SKIP_INSTALL !== '1') {
    try {
      execFileSync(INSTALL_SCRIPT, [], { timeout: 300_000, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      failure = (stderr ?? '').trim() || message;
    }
  }
  const bins = readAgentBins();
  for (const bin of Object.values(bins)) {
    if ('missing' in bin && failure !== '') bin.missing += ` (install-agents.sh: ${failure.split('\n')[0]})`;
  }
  project.provide('agentBins', bins);
}
