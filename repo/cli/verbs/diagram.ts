/** `recover diagram`: the statecharts as Mermaid, DOT or SVG. */
import { defineVerb } from '../define-verb.js';
import { UsageError } from '../errors.js';
import type { VerbSpec } from '../verb.js';

/** `recover diagram`'s options and help. The machine names are checked against `machines/index.ts`. */
const DIAGRAM_SPEC = {
  name: 'diagram',
  synopsis: '[--machine recovery|supervisor|pipeline] [--format mermaid|dot|svg]',
  description: 'Prints a statechart as Mermaid, Graphviz DOT or SVG.',
  options: {
    machine: { type: 'string', value: 'NAME', default: 'recovery', description: 'recovery, supervisor or pipeline' },
    format: { type: 'string', choices: ['mermaid', 'dot', 'svg'], default: 'mermaid', description: 'output format' },
  },
  examples: ['recover diagram', 'recover diagram --machine pipeline --format svg > pipeline.svg'],
} as const satisfies VerbSpec;

/** `recover diagram`. */
export const diagramVerb = defineVerb(DIAGRAM_SPEC, async ({ values }, io) => {
  const format = values.format;
  const { machines } = await import('../../../machines/index.js');
  const name = values.machine;
  if (!Object.prototype.hasOwnProperty.call(machines, name)) throw new UsageError(`--machine must be one of ${Object.keys(machines).join(', ')} (got '${name}')`);
  const machine = machines[name as keyof typeof machines];
  const text = format === 'mermaid' ? (await import('../../diagram/mermaid.js')).toMermaid(machine)
    : format === 'dot' ? (await import('../../diagram/dot.js')).toDot(machine)
    : await (await import('../../diagram/svg.js')).toSvg(machine);
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
});
