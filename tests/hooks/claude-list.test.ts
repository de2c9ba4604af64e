/**
 * `recover list` on a store with a Claude Code hook run waiting for the agent (no process holds
 * its lock between tool calls) and a `recover run` killed mid-attempt: the first is running,
 * waiting for the agent, the second interrupted; `recover resume` still continues only the second.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { BIN, cliEnv, recover, scriptsCwd } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('lists a hook run waiting for the agent as running, a killed run as interrupted', async () => {
  dir = scriptsCwd();
  writeFileSync(join(dir, 'package.json'), '{}\n');
  const hook = spawnSync(process.execPath, [BIN, 'hook', 'claude'], {
    cwd: dir, env: cliEnv(), encoding: 'utf8',
    input: JSON.stringify({ session_id: 's', cwd: dir, hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'node build.js' }, error: "Exit code 1\nError: Cannot find module './utils'" }),
  });
  expect(hook.stdout).toMatch(/PAUSE/);
  const hookRun = /Run (key-[0-9a-f]+)/.exec(hook.stdout)![1]!;
  // A run killed with SIGKILL (no handler runs): its record still says running, nobody holds it.
  const child = spawn(process.execPath, [BIN, 'run', '--', 'node', 'slow.js'], { cwd: dir, env: cliEnv(), stdio: 'ignore' });
  while (!existsSync(join(dir, 'pid'))) await new Promise((resolve) => setTimeout(resolve, 20));
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  process.kill(Number(readFileSync(join(dir, 'pid'), 'utf8')), 'SIGKILL');

  const runs = JSON.parse(recover(dir, ['list', '--json']).stdout) as { runId: string; status: string; task: string; waitingFor?: string }[];
  expect(runs.map((r) => [r.task, r.status, r.waitingFor]).sort()).toEqual([['node build.js', 'running', 'agent'], ['node slow.js', 'interrupted', undefined]]);
  expect(recover(dir, ['list']).stdout).toMatch(new RegExp(`^${hookRun}  running +\\S+  node build\\.js  \\(Claude Code hook: waits for the agent\\)$`, 'm'));
  expect(recover(dir, ['list', '--status', 'interrupted']).stdout).toMatch(/^\S+  interrupted  \S+  node slow\.js\n$/);
  // resume: the hook run is the agent's to continue; the killed one runs again.
  const resumeHook = recover(dir, ['resume', hookRun]);
  expect([resumeHook.status, resumeHook.stderr]).toEqual([2, expect.stringMatching(/Claude Code hook run: it continues on the agent's next tool call/)]);
  writeFileSync(join(dir, 'fast'), '');
  const killed = runs.find((r) => r.status === 'interrupted')!.runId;
  expect(recover(dir, ['resume', killed]).status).toBe(0);
}, 120_000);
