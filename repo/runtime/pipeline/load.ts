/** Reading a pipeline file: YAML or JSON by extension, validated, hashed. */
import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { parseJsonText } from '../../policy/json-syntax.js';
import { PipelineDefinitionError } from './errors.js';
import { definitionHash } from './hash.js';
import type { LoadedPipeline } from './types.js';
import { validatePipeline } from './validate.js';

/**
 * Parse pipeline text: `.json` as JSON, anything else as YAML (which also reads JSON). A JSON
 * syntax error names its line and column and shows the line with a caret, as YAML's does.
 */
export function parsePipelineText(text: string, file: string): unknown {
  if (extname(file).toLowerCase() === '.json') {
    try {
      // An editor's byte-order mark is not the user's mistake: YAML skips it, JSON.parse would not.
      return parseJsonText(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new PipelineDefinitionError(file, [{ path: '', message: `not valid JSON: ${(error as Error).message.trimEnd()}` }]);
    }
  }
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) {
    throw new PipelineDefinitionError(file, doc.errors.map((e) => ({ path: '', message: `not valid YAML: ${e.message.split('\n')[0]}` })));
  }
  return doc.toJS() as unknown;
}

/** Validate parsed pipeline data read from `file` (for callers that have the data already). */
export function pipelineFromData(data: unknown, file: string): LoadedPipeline {
  const absolute = resolve(file);
  const fallbackName = basename(absolute, extname(absolute));
  const result = validatePipeline(data, fallbackName);
  if (result.definition === null) throw new PipelineDefinitionError(absolute, result.issues);
  return { file: absolute, definition: result.definition, hash: definitionHash(result.definition) };
}

/**
 * Load a pipeline file (YAML or JSON). Throws `PipelineDefinitionError` naming every problem by
 * its path when the file cannot be read, parsed or validated.
 */
export async function loadPipeline(file: string): Promise<LoadedPipeline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new PipelineDefinitionError(resolve(file), [{ path: '', message: `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` }]);
  }
  return pipelineFromData(parsePipelineText(text, file), file);
}
