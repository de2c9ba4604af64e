import { describe, expect, test } from 'vitest';
import { fromCallback, fromPromise, setup } from 'xstate';
import { toDot } from '../../src/diagram/dot.js';
import { dotToSvg, toSvg } from '../../src/diagram/svg.js';
import { recoveryLike } from './fixtures/machines.js';
import { shapes } from './fixtures/shapes.js';

describe('toDot', () => {
  const dot = toDot(recoveryLike);

  test('compound states are clusters with an initial point; ids are state ids', () => {
    expect(dot).toContain('subgraph "cluster_recoveryLike.recovery" {');
    expect(dot).toContain('graph [id="recoveryLike.recovery" class="state compound" label="recovery"');
    expect(dot).toContain('"recoveryLike.recovery::initial" -> "recoveryLike.recovery.pause"');
    expect(dot).toContain('"recoveryLike.succeeded" [id="recoveryLike.succeeded" class="state final" label="succeeded" shape="box" peripheries=2]');
  });

  test('edges into a compound state attach to its anchor, clipped at the cluster', () => {
    expect(dot).toContain('"recoveryLike.executing" -> "recoveryLike.recovery::initial" [id="recoveryLike.executing->recoveryLike.recovery#0" class="transition done error" label="done: runTask\\nerror: runTask" lhead="cluster_recoveryLike.recovery"]');
  });

  test('transitions between the same two states are drawn as one edge: its event over one guard per line', () => {
    expect(dot).toContain('[id="recoveryLike.recovery.diagnose->recoveryLike.escalated#0" class="transition done error" label="done: diagnose\\n[isFatal]\\n[budgetSpent]\\nerror: diagnose"]');
    expect(dot).not.toContain('recoveryLike.recovery.diagnose->recoveryLike.escalated#1');
    // Dashed only when every one of them is eventless.
    expect(dot).toContain('[id="recoveryLike.recovery.pause->recoveryLike.recovery.diagnose#0" class="transition always" label="always" style="dashed"]');
  });

  test('the root is the picture, named as the machine and without a box; a cluster below it has one', () => {
    expect(dot).toContain('graph [id="recoveryLike" class="state compound" label="recoveryLike machine" peripheries=0');
    expect(dot).toContain('graph [id="recoveryLike.recovery" class="state compound" label="recovery" peripheries=1');
    expect(dot).toContain('fontname="Helvetica"');
  });

  test('labels: guards, actors, delays; invoked actors inside the node', () => {
    expect(dot).toContain('label="done: diagnose\\n[isTransient && !isFatal]"');
    expect(dot).toContain('label="after backoff (5s)"');
    expect(dot).toContain('label="executing\\ninvoke runTask"');
  });

  test('a compound state names the actors it invokes under its own name (the root too)', () => {
    const withRunner = setup({ actors: { runner: fromCallback(() => {}), sleep: fromPromise(async () => 1) } }).createMachine({
      id: 'host', invoke: { id: 'runner', src: 'runner' }, initial: 'busy',
      states: { busy: { invoke: { src: 'sleep' }, initial: 'a', states: { a: {} } } },
    });
    const out = toDot(withRunner);
    expect(out).toContain('graph [id="host" class="state compound" label="host machine\\ninvoke runner" peripheries=0');
    expect(out).toContain('graph [id="host.busy" class="state compound" label="busy\\ninvoke sleep"');
  });

  test('escapes quotes and backslashes', () => {
    expect(toDot(shapes)).toContain('label="say \\"hi\\" #1\\n[ready]"');
  });

  test('highlights a visited path with classes and colours', () => {
    const hl = toDot(recoveryLike, {
      visited: { states: ['recoveryLike', 'recoveryLike.executing', 'recoveryLike.recovery', 'recoveryLike.recovery.pause'], transitions: [['recoveryLike.executing', 'recoveryLike.recovery.pause']], current: 'recoveryLike.recovery.pause' },
    });
    expect(hl).toContain('class="state atomic visited current"');
    expect(hl).toContain('class="state compound visited"');
    // executing → pause is declared as executing → recovery (twice: done and error), drawn as one edge: marked.
    expect(hl).toContain('id="recoveryLike.executing->recoveryLike.recovery#0" class="transition done error visited"');
    expect(hl).not.toContain('id="recoveryLike.executing->recoveryLike.succeeded#0" class="transition done visited"');
  });

  test('deterministic', () => {
    expect(toDot(recoveryLike)).toBe(dot);
  });
});

describe('toSvg', () => {
  test('renders in process; SVG elements carry the state ids and classes; deterministic', async () => {
    const svg = await toSvg(recoveryLike);
    expect(svg).toContain('<svg');
    expect(svg).toContain('<g id="recoveryLike.recovery.diagnose" class="node state atomic">');
    expect(svg).toContain('<g id="recoveryLike.recovery" class="cluster state compound">');
    expect(svg).toContain('>[budgetSpent]</text>');
    expect(await toSvg(recoveryLike)).toBe(svg);
    await expect(toSvg(shapes)).resolves.toContain('shapes.active.upload.busy');
  });

  test('invalid DOT is an error, not an empty picture', async () => {
    await expect(dotToSvg('digraph { a -> }')).rejects.toThrow();
  });
});
