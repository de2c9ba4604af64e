/** The pipeline file, normalised: what validation produces and the runner executes. */
import type { PolicyConfig } from '../../policy/types.js';

/** One step of a pipeline (seed 002's agent role, or any command). */
export interface PipelineStep {
  /** Unique id: letters, digits, `_`, `-`, `.`; starts with a letter or digit. */
  id: string;
  /** A command line (run by the shell: `/bin/sh -c`, `cmd /d /s /c` on Windows) or an argv array (run directly). */
  run: string | string[];
  /** Steps whose outputs this one needs; they run first. Default `[]`. */
  needs: string[];
  /** Sections the step's stdout must contain, e.g. `# Tests` (a line starting with it). Default `[]`. */
  expectSections: string[];
  /** The first attempt's timeout in ms (a TIMEOUT makes the next one 1.5 × longer); null = none. Default null. */
  timeoutMs: number | null;
  /** Recovery policy for this step (the shape `resolvePolicy` takes). Default: DESIGN.md's defaults. */
  policy: PolicyConfig | null;
}

/** A validated pipeline definition. */
export interface PipelineDefinition {
  /** Default: the file's name without its extension. */
  name: string;
  /** As declared in the file. */
  steps: PipelineStep[];
  /** Step ids in the order they run: dependencies first, declaration order otherwise. */
  order: string[];
}

/** A pipeline read from a file. */
export interface LoadedPipeline {
  /** Absolute path of the file. */
  file: string;
  definition: PipelineDefinition;
  /** `sha256:<hex>` of the normalised definition: formatting, comments and key order do not change it. */
  hash: string;
}
