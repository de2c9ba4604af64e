import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { configSchema } from '../../src/policy/schema.js';
import { POLICY_KEYS } from '../../src/policy/validate.js';
import { AGENT_NAMES } from '../../src/runtime/agent/presets.js';

describe('recovery.config.schema.json', () => {
  test('the published file is what configSchema() builds (run `npm run schema` after a change)', () => {
    const published = JSON.parse(readFileSync(new URL('../../recovery.config.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(published).toEqual(configSchema());
  });

  test('it names exactly the keys the config loader accepts', () => {
    const properties = Object.keys((configSchema() as { properties: Record<string, unknown> }).properties).sort();
    expect(properties).toEqual([...POLICY_KEYS, 'rules', 'redact', 'agent', 'quarantine', '$schema'].sort());
  });

  test('its agent names are the presets (the policy layer cannot import them, so they are checked here)', () => {
    const agent = (configSchema() as { properties: { agent: { oneOf: [{ enum: string[] }, { properties: { name: { enum: string[] } } }] } } }).properties.agent;
    expect(agent.oneOf[0].enum).toEqual([...AGENT_NAMES]);
    expect(agent.oneOf[1].properties.name.enum).toEqual([...AGENT_NAMES]);
  });
});
