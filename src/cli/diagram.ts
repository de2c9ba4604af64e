/** `recover diagram`: the statecharts as Mermaid, DOT or SVG. */
import { parse, UsageError } from './args.js';
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
    const format = (values.format as string | undefined) ?? 'mermaid';
    const diagram = await import('../diagram/index.js');
    let text: string;
    if (format === 'mermaid') text = diagram.toMermaid(machine);
    else if (format === 'dot') text = diagram.toDot(machine);
    else if (format === 'svg') text = await diagram.toSvg(machine);
    else throw new UsageError(`--format must be mermaid, dot or svg (got '${format}')`);
    io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return 0;
  },
};
