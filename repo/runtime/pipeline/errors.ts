/** Errors of pipeline loading and resuming; the CLI maps both to exit 2 (usage or config error). */

/** One problem in a pipeline file. */
export interface PipelineIssue {
  /** Where, as a property path: `steps[2].needs[0]` (empty for the file as a whole). */
  path: string;
  /** The whole sentence, path included. */
  message: string;
}

/** The pipeline file cannot be read, parsed or validated; `issues` lists every problem found. */
export class PipelineDefinitionError extends Error {
  override readonly name = 'PipelineDefinitionError';
  readonly file: string;
  readonly issues: readonly PipelineIssue[];

  constructor(file: string, issues: readonly PipelineIssue[]) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(`Invalid pipeline ${file} (${count}):\n  ${issues.map((i) => i.message).join('\n  ')}`);
    this.file = file;
    this.issues = issues;
  }
}

/** Why `--resume-from-failure` refused. */
export type ResumeRefusal =
  /** The definition's hash differs from the checkpoint's: the completed outputs may not fit it. */
  | 'definition_changed'
  /** No earlier run of this pipeline in the directory. */
  | 'no_checkpoint'
  /** The last run succeeded: there is no failure to resume from. */
  | 'nothing_to_resume'
  /** The checkpoint cannot be read; it is kept as it is, never overwritten. */
  | 'corrupt_checkpoint';

/** `runPipeline(…, { resumeFromFailure: true })` refused; nothing was run. */
export class PipelineResumeError extends Error {
  override readonly name = 'PipelineResumeError';
  readonly reason: ResumeRefusal;
  /** The checkpoint file concerned, when there is one. */
  readonly checkpoint: string | null;

  constructor(reason: ResumeRefusal, message: string, checkpoint: string | null = null) {
    super(message);
    this.reason = reason;
    this.checkpoint = checkpoint;
  }
}
