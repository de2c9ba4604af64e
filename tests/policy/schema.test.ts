import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { configSchema } from '../../src/policy/schema.js';
import { POLICY_KEYS } from '../../src/policy/validate.js';

describe('recovery.config.schema.json', () => {
  test('the published file is what configSchema() builds (run `npm run schema` after a change)', () => {
    const published = JSON.parse(readFileSync(new URL('../../recovery.config.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(published).toEqual(configSchema());
  });

  test('it names exactly the keys the config loader accepts', () => {
    const properties = Object.keys((configSchema() as { properties: Record<string, unknown> }).properties).sort();
    expect(properties).toEqual([...POLICY_KEYS, 'rules', 'redact', '$schema'].sort());
  });
});
