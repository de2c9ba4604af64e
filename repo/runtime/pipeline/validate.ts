/**
 * Validation of an untrusted pipeline document (parsed YAML or JSON). Reports every problem with
 * its exact path (`steps[2].needs[0]: unknown step "buidl" (did you mean build?)`); never throws.
 */
import { dependencyOrder } from '../../../machines/pipeline/graph.js';
import { checkObject, isPlainObject, type Check } from '../../policy/checks.js';
import { joinIndex } from '../../policy/paths.js';
import { validatePolicyConfig } from '../../policy/validate.js';
import { hint } from '../../policy/paths.js';
import { DURATION_EXAMPLES, MAX_TIMER_MS, parseDuration } from '../../policy/duration.js';
import type { PolicyConfig } from '../../policy/types.js';
import type { PipelineIssue } from './errors.js';
import type { PipelineDefinition, PipelineStep } from './types.js';

/** Step ids: safe in file names and environment variable names. */
const STEP_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const issue = (out: PipelineIssue[], path: string, problem: string) => out.push({ path, message: `${path} ${problem}` });

/** The environment variable through which later steps find a step's output. */
export function outputVariable(stepId: string): string {
  return `PIPELINE_OUTPUT_${stepId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * A step's `timeout`: a number of seconds (seed 002's `timeout_sec`) or a duration string
 * (`500ms`, `90s`, `2m`, `1h`; a bare number is seconds, as everywhere: see policy/duration.ts);
 * null = none. Returns ms, or a problem.
 */
export function parseTimeout(value: unknown): { ms: number | null } | { problem: string } {
  if (value === null || value === undefined) return { ms: null };
  const ms = parseDuration(value);
  if (ms === null) return { problem: `must be a number of seconds or a duration like ${DURATION_EXAMPLES}` };
  if (!(ms > 0 && ms <= MAX_TIMER_MS)) return { problem: `must be more than 0 and at most ${MAX_TIMER_MS} ms` };
  return { ms };
}

const stringList = (what: string): Check => (value, path, out) => {
  if (!Array.isArray(value)) return void issue(out, path, `must be a list of ${what}`);
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string' || value[i] === '') issue(out, joinIndex(path, i), 'must be a non-empty string');
  }
};

const STEP_CHECKS: Record<string, Check> = {
  id: (value, path, out) => {
    if (typeof value !== 'string' || !STEP_ID.test(value)) issue(out, path, 'must be 1–64 letters, digits, "_", "-" or ".", starting with a letter or digit');
  },
  run: (value, path, out) => {
    if (typeof value === 'string') return void (value.trim() === '' && issue(out, path, 'must not be empty'));
    if (!Array.isArray(value) || value.length === 0) return void issue(out, path, 'must be a command line or a non-empty argv list');
    stringList('arguments')(value, path, out);
  },
  needs: stringList('step ids'),
  expectSections: stringList('section headings'),
  timeout: (value, path, out) => {
    const parsed = parseTimeout(value);
    if ('problem' in parsed) issue(out, path, parsed.problem);
  },
  policy: (value, path, out) => {
    for (const found of validatePolicyConfig(value, { path })) out.push({ path: found.path, message: found.message });
  },
};

/** Validate a parsed pipeline document; `fallbackName` names it when it has no `name`. */
export function validatePipeline(raw: unknown, fallbackName: string): { definition: PipelineDefinition; issues: [] } | { definition: null; issues: PipelineIssue[] } {
  const out: PipelineIssue[] = [];
  if (!isPlainObject(raw)) return { definition: null, issues: [{ path: '', message: 'the pipeline must be an object with a "steps" list' }] };
  checkObject(raw, '', {
    name: (value, path, o) => { if (typeof value !== 'string' || value.trim() === '') issue(o, path, 'must be a non-empty string'); },
    steps: () => {},
  }, out);
  const steps = raw.steps;
  if (!Array.isArray(steps) || steps.length === 0) {
    issue(out, 'steps', steps === undefined ? 'is required: a list of steps' : 'must be a non-empty list of steps');
    return { definition: null, issues: out };
  }
  steps.forEach((step, i) => {
    const path = joinIndex('steps', i);
    const checked = checkObject(step, path, STEP_CHECKS, out);
    if (checked && checked.id === undefined) issue(out, `${path}.id`, 'is required');
    if (checked && checked.run === undefined) issue(out, `${path}.run`, 'is required');
  });
  if (out.length) return { definition: null, issues: out };
  const definition = normalise(raw as { name?: string; steps: Record<string, unknown>[] }, fallbackName);
  crossCheck(definition, out);
  if (out.length) return { definition: null, issues: out };
  return { definition, issues: [] };
}

/** Defaults applied; `order` filled in by `crossCheck`. */
function normalise(raw: { name?: string; steps: Record<string, unknown>[] }, fallbackName: string): PipelineDefinition {
  const steps: PipelineStep[] = raw.steps.map((s) => ({
    id: s.id as string,
    run: Array.isArray(s.run) ? [...(s.run as string[])] : (s.run as string),
    needs: [...((s.needs as string[] | undefined) ?? [])],
    expectSections: [...((s.expectSections as string[] | undefined) ?? [])],
    timeoutMs: (parseTimeout(s.timeout) as { ms: number | null }).ms,
    policy: (s.policy as PolicyConfig | undefined) ?? null,
  }));
  return { name: raw.name?.trim() ?? fallbackName, steps, order: [] };
}

/** Ids unique, needs known (not itself, not twice), no cycle, no two ids sharing an output variable. */
function crossCheck(definition: PipelineDefinition, out: PipelineIssue[]): void {
  const ids = definition.steps.map((s) => s.id);
  const variables = new Map<string, string>();
  definition.steps.forEach((step, i) => {
    if (ids.indexOf(step.id) !== i) issue(out, `steps[${i}].id`, `duplicates the id "${step.id}" of steps[${ids.indexOf(step.id)}]`);
    const variable = outputVariable(step.id);
    const other = variables.get(variable);
    if (other !== undefined && other !== step.id) issue(out, `steps[${i}].id`, `"${step.id}" and "${other}" would share the variable ${variable}`);
    variables.set(variable, step.id);
    step.needs.forEach((need, j) => {
      const path = `steps[${i}].needs[${j}]`;
      if (need === step.id) issue(out, path, 'a step cannot need itself');
      else if (!ids.includes(need)) issue(out, path, `unknown step "${need}"${hint(need, ids, false)}`);
      else if (step.needs.indexOf(need) !== j) issue(out, path, `repeats "${need}"`);
    });
  });
  if (out.length) return;
  const order = dependencyOrder(definition.steps);
  if (order.ok) definition.order = order.order;
  else issue(out, `steps[${ids.indexOf(order.cycle[0]!)}].needs`, `closes a dependency cycle: ${order.cycle.join(' → ')}`);
}
