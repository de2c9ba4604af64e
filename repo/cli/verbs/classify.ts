/** `recover classify [MESSAGE]`: a failure's type, category, action and evidence, as a block or one JSON object. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { classify, type Classification, type Observation } from '../../classify/index.js';
import { FAILURE_TYPES } from '../../taxonomy/index.js';
import { formatDuration } from '../../policy/duration.js';
import { redactDeep } from '../../redact/deep.js';
import { defineVerb } from '../define-verb.js';
import { UsageError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIO, VerbSpec } from '../verb.js';

/** `recover classify`'s options and help. */
const CLASSIFY_SPEC = {
  name: 'classify',
  synopsis: '[MESSAGE] [--observation FILE|-] [--json]',
  description: `Classify a failure: its type, category, severity, default action, confidence, retry-after
hint and the evidence behind it. MESSAGE is the failure's text (read like an error message or stderr).
Secrets in the evidence (tokens, passwords in URLs, keys) are printed as [REDACTED].`,
  operands: { rest: true },
  options: {
    observation: {
      type: 'string', value: 'FILE|-',
      description: `read an observation as JSON from FILE; "-" reads standard input.
Fields: error, message, exitCode, signal, stdout, stderr,
validationErrors, tests {passed, failed, failing}, status, headers.
With MESSAGE too, MESSAGE becomes the observation's message.`,
    },
    json: { type: 'boolean', description: 'print one JSON object (the classification) instead of a block' },
  },
  footer: 'Exit codes: 0 classified; 2 usage error, unreadable file or invalid JSON.',
  examples: [
    'recover classify "Error: connect ECONNREFUSED 127.0.0.1:5432"',
    'recover classify --json "Rate limit reached for gpt-4o. Please try again in 6s."',
    `echo '{"exitCode":124,"stdout":""}' | recover classify --observation - --json`,
    'recover classify --observation failure.json',
  ],
} as const satisfies VerbSpec;

/** `recover classify`: one observation in, its classification out. */
export const classifyVerb = defineVerb(CLASSIFY_SPEC, async ({ values, operands }, io) => {
  const file = values.observation;
  if (typeof file !== 'string' && operands.length === 0) throw new UsageError('nothing to classify: give a MESSAGE or --observation FILE|-');
  const observation: Observation = typeof file === 'string' ? await readObservation(file, io) : {};
  if (operands.length > 0) observation.message = operands.join(' ');
  // The evidence quotes the failure's own lines, which can hold a token (a clone URL, a query
  // string): redacted as `recover run` redacts what it prints and stores (issue 30).
  const result = redactDeep(classify(observation));
  io.stdout.write(values.json === true ? `${JSON.stringify(result)}\n` : render(result));
  return EXIT.ok;
});

/** Reads and parses an observation file (`-` = stdin); any failure is a usage error naming it. */
async function readObservation(file: string, io: CliIO): Promise<Observation> {
  const what = file === '-' ? 'the observation on standard input' : `observation file '${file}'`;
  const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));
  let text: string;
  try {
    text = file === '-' ? await readAll(io.stdin) : await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what}: ${reason(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${reason(error)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`${what} must be a JSON object (fields: error, message, exitCode, stderr, …)`);
  }
  return value as Observation;
}

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** The readable block: one field per line, evidence indented. No colour (NO_COLOR-safe by design). */
export function render(result: Classification): string {
  const lines = [
    ['type', `${result.type}`],
    ['meaning', FAILURE_TYPES[result.type].description],
    ['category', result.category],
    ['severity', result.severity],
    ['action', result.action],
    ['confidence', result.confidence.toFixed(2)],
  ];
  if (result.retryAfterMs !== undefined) lines.push(['retry-after', formatDuration(result.retryAfterMs)]);
  const block = lines.map(([key, value]) => `${key!.padEnd(12)}${value}`).join('\n');
  const evidence = result.evidence.map((e) => `  ${e.rule} [${e.source}]${e.match ? `: ${e.match}` : ''}`).join('\n');
  return `${block}\nevidence\n${evidence}\n`;
}
