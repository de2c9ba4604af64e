import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT_CAUSE_TYPES, WRAPPER_TYPES } from '../src/classify/cause.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const ci = readFileSync(new URL('../.ci/run', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```sh\n([^\n]+)\n```/g)].map((m) => m[1]!);

describe('README', () => {
  it('starts with the install + main job command, then the install + test command', () => {
    expect(blocks[0]).toMatch(/^npm install && npx recover run -- /);
    expect(blocks[1]).toMatch(/npm ci && npm test$/);
  });

  it('names every root-cause and wrapper type the classifier uses (src/classify/cause.ts)', () => {
    const section = readme.slice(readme.indexOf('**Root cause first.**'), readme.indexOf('**New types**'));
    for (const type of [...ROOT_CAUSE_TYPES, ...WRAPPER_TYPES]) expect(section).toContain(type);
  });

  it('shows exactly the test command that .ci/run runs', () => {
    expect(ci.split('\n')).toContain(blocks[1]);
  });
});
