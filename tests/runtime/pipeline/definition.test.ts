/** Pipeline files: parsing, validation by field path, the definition hash, section checks. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadPipeline, missingSections, parsePipelineText, parseTimeout, PipelineDefinitionError, pipelineFromData, validatePipeline,
} from '../../../src/runtime/pipeline/index.js';

const root = mkdtempSync(join(tmpdir(), 'pipeline-definition-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const messages = (raw: unknown) => validatePipeline(raw, 'p').issues.map((i) => i.message);

describe('pipeline validation', () => {
  it('normalises a valid pipeline and orders steps by dependency, declaration order otherwise', () => {
    const { definition } = validatePipeline({
      name: 'agents',
      steps: [
        { id: 'review', run: 'echo review', needs: ['implement', 'architect'], expectSections: ['# Review', '- Findings:'], timeout: '20m' },
        { id: 'architect', run: ['node', 'architect.js'] },
        { id: 'implement', run: 'make', needs: ['architect'], timeout: 1200, policy: { types: { TIMEOUT: { budget: 2 } } } },
      ],
    }, 'fallback');
    expect(definition).toMatchObject({ name: 'agents', order: ['architect', 'implement', 'review'] });
    expect(definition!.steps[0]).toEqual({ id: 'review', run: 'echo review', needs: ['implement', 'architect'], expectSections: ['# Review', '- Findings:'], timeoutMs: 1_200_000, policy: null });
    expect(definition!.steps[2]!.timeoutMs).toBe(1_200_000);
  });

  it('names every problem by its field path', () => {
    expect(messages({
      steps: [
        { id: 'build', run: 'make', needs: ['buidl'], expect_sections: [] },
        { id: 'build', run: [], timeout: 'soon' },
        { id: 'has space', policy: { budget: -1 } },
      ],
      extra: 1,
    })).toEqual([
      'extra is not a known key (one of name, steps)',
      'steps[0].expect_sections is not a known key (did you mean expectSections?)',
      'steps[1].run must be a command line or a non-empty argv list',
      'steps[1].timeout must be a number of seconds or a duration like 2 (seconds), 500ms, 30s, 2m, 1h, 90d',
      'steps[2].id must be 1–64 letters, digits, "_", "-" or ".", starting with a letter or digit',
      'steps[2].policy.budget must be an integer ≥ 0',
      'steps[2].run is required',
    ]);
  });

  it('reports duplicate ids, unknown and self needs, shared output variables and cycles', () => {
    expect(messages({ steps: [{ id: 'a', run: 'x', needs: ['a', 'bb'] }, { id: 'a', run: 'y' }, { id: 'b', run: 'z', needs: ['b'] }] })).toEqual([
      'steps[0].needs[0] a step cannot need itself',
      'steps[0].needs[1] unknown step "bb" (did you mean b?)',
      'steps[1].id duplicates the id "a" of steps[0]',
      'steps[2].needs[0] a step cannot need itself',
    ]);
    expect(messages({ steps: [{ id: 'a-b', run: 'x' }, { id: 'a_b', run: 'y' }] })).toEqual(['steps[1].id "a_b" and "a-b" would share the variable PIPELINE_OUTPUT_A_B']);
    expect(messages({ steps: [{ id: 'a', run: 'x', needs: ['c'] }, { id: 'b', run: 'y', needs: ['a'] }, { id: 'c', run: 'z', needs: ['b'] }] }))
      .toEqual(['steps[0].needs closes a dependency cycle: a → c → b → a']);
    expect(messages([])).toEqual(['the pipeline must be an object with a "steps" list']);
    expect(messages({})).toEqual(['steps is required: a list of steps']);
  });

  it('parses timeouts as seconds or durations', () => {
    expect(parseTimeout(90)).toEqual({ ms: 90_000 });
    expect(parseTimeout('500ms')).toEqual({ ms: 500 });
    expect(parseTimeout('2m')).toEqual({ ms: 120_000 });
    expect(parseTimeout(null)).toEqual({ ms: null });
    expect(parseTimeout(0)).toHaveProperty('problem');
    expect(parseTimeout('1y')).toHaveProperty('problem');
  });
});

describe('pipeline files and the definition hash', () => {
  const yaml = 'name: p\nsteps:\n  - id: a # first\n    run: echo a\n  - {id: b, run: echo b, needs: [a]}\n';
  const json = JSON.stringify({ steps: [{ run: 'echo a', id: 'a' }, { needs: ['a'], id: 'b', run: 'echo b' }], name: 'p' });

  it('gives YAML and JSON of the same steps the same hash; any change to what runs changes it', async () => {
    writeFileSync(join(root, 'p.yaml'), yaml);
    writeFileSync(join(root, 'p.json'), json);
    const fromYaml = await loadPipeline(join(root, 'p.yaml'));
    const fromJson = await loadPipeline(join(root, 'p.json'));
    expect(fromYaml.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(fromJson.hash).toBe(fromYaml.hash);
    const changed = pipelineFromData(parsePipelineText(yaml.replace('echo b', 'echo B'), 'p.yaml'), join(root, 'p.yaml'));
    expect(changed.hash).not.toBe(fromYaml.hash);
    const timed = pipelineFromData({ name: 'p', steps: [{ id: 'a', run: 'echo a', timeout: 5 }, { id: 'b', run: 'echo b', needs: ['a'] }] }, 'p.json');
    expect(timed.hash).not.toBe(fromYaml.hash);
  });

  it('names the file and the problem when it cannot be read or parsed', async () => {
    await expect(loadPipeline(join(root, 'missing.yaml'))).rejects.toThrow(/cannot read the file: ENOENT/);
    writeFileSync(join(root, 'bad.json'), '{ "steps": [ }');
    await expect(loadPipeline(join(root, 'bad.json'))).rejects.toBeInstanceOf(PipelineDefinitionError);
    // Line and column, the line itself and a caret under the trailing comma on line 3.
    writeFileSync(join(root, 'comma.json'), '{\n  "steps": [\n    { "id": "a", "run": "true" },\n  ]\n}\n');
    const error = await loadPipeline(join(root, 'comma.json')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PipelineDefinitionError);
    expect((error as Error).message).toMatch(/not valid JSON: a trailing comma .* at line 3, column 33:\n\n {4}\{ "id": "a", "run": "true" \},\n {32}\^$/);
    writeFileSync(join(root, 'bom.json'), `\uFEFF${JSON.stringify({ steps: [{ id: 'a', run: 'true' }] })}`);
    await expect(loadPipeline(join(root, 'bom.json'))).resolves.toMatchObject({ definition: { steps: [{ id: 'a' }] } });
    writeFileSync(join(root, 'bad.yaml'), 'steps:\n  - id: a\n  id: b\n');
    await expect(loadPipeline(join(root, 'bad.yaml'))).rejects.toThrow(/not valid YAML/);
    writeFileSync(join(root, 'invalid.yaml'), 'steps:\n  - id: a\n');
    await expect(loadPipeline(join(root, 'invalid.yaml'))).rejects.toMatchObject({ issues: [{ path: 'steps[0].run', message: 'steps[0].run is required' }] });
  });
});

describe('section checks', () => {
  it('finds exactly the missing sections, matching whole headings', () => {
    const output = '# Review\n  - Findings: none\n# Tests (unit)\n';
    expect(missingSections(output, ['# Review', '- Findings:', '# Tests', '# Test', '# Summary'])).toEqual(['# Test', '# Summary']);
  });
});
