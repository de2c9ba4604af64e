/**
 * visualizations/ must match the machines: every machine in machines/index.ts has committed
 * <name>.mmd, .dot and .svg equal to a fresh render, and no diagram is left for a removed machine.
 * machines/ is loaded dynamically so a missing or broken machines/index.ts fails here with a clear
 * message instead of breaking the whole suite's type check.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadMachines, MACHINES_MODULE } from '../../src/diagram/load-machines.js';
import { renderAll } from '../../src/diagram/render-all.js';

const DIR = join(import.meta.dirname, '../../visualizations');

describe('visualizations/', () => {
  test('is up to date with machines/index.ts (else: run npm run viz)', async () => {
    const machines = await loadMachines(MACHINES_MODULE).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\nThe lead engineer's machines/index.ts must export \`machines\`; then run npm run viz.`);
    });
    expect(Object.keys(machines).length, 'machines/index.ts exports no machine').toBeGreaterThan(0);
    const fresh = await renderAll(machines);
    const problems: string[] = [];
    for (const [name, content] of Object.entries(fresh)) {
      const path = join(DIR, name);
      if (!existsSync(path)) problems.push(`visualizations/${name} is missing`);
      else if (readFileSync(path, 'utf8') !== content) problems.push(`visualizations/${name} is stale`);
    }
    const leftovers = existsSync(DIR) ? readdirSync(DIR).filter((f) => /\.(mmd|dot|svg)$/.test(f) && !(f in fresh)) : [];
    for (const f of leftovers) problems.push(`visualizations/${f} belongs to no machine`);
    expect(problems, `${problems.join('\n')}\nrun npm run viz and commit visualizations/`).toEqual([]);
  });
});
