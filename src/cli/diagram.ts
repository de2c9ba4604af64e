/** `recover diagram`: the statecharts as Mermaid, DOT or SVG. */
import { oneOf, parse, UsageError } from './args.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover diagram [--machine recovery|supervisor|pipeline] [--format mermaid|dot|svg]

Prints a statechart (default: recovery) as Mermaid (default), Graphviz DOT or SVG.

Examples:
  recover diagram
  recover diagram --machine pipeline --format svg > pipeline.svg
`;

/** `recover diagram`. */
export const diagramVerb: Verb = {
  summary: 'print a statechart (mermaid, dot or svg)',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { machine: { type: 'string' }, format: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const { machines } = await import('../../machines/index.js');
    const name = (values.machine as string | undefined) ?? 'recovery';
    if (!Object.prototype.hasOwnProperty.call(machines, name)) throw new UsageError(`--machine must be one of ${Object.keys(machines).join(', ')} (got '${name}')`);
    const machine = machines[name as keyof typeof machines];
    const format = oneOf(values.format, ['mermaid', 'dot', 'svg'] as const, '--format') ?? 'mermaid';
    const diagram = await import('../diagram/index.js');
    const text = format === 'mermaid' ? diagram.toMermaid(machine) : format === 'dot' ? diagram.toDot(machine) : await diagram.toSvg(machine);
    io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return 0;
  },
};
