/** Seed 002's section check: the sections a step's output must contain, and which are missing. */

/**
 * The expected sections that no line of `output` starts with. A section matches a line that,
 * after leading spaces, starts with it and does not continue the same word (`# Test` is not
 * `# Tests`); `- Findings:` matches `- Findings: none`.
 */
export function missingSections(output: string, expected: readonly string[]): string[] {
  const lines = output.split(/\r?\n/).map((line) => line.trimStart());
  return expected.filter((section) => {
    const wanted = section.trim();
    return !lines.some((line) => line.startsWith(wanted) && (line.length === wanted.length || !/\w/.test(line[wanted.length]!) || !/\w/.test(wanted.at(-1)!)));
  });
}

/** The validation messages the classifier reads for MISSING_SECTIONS (`Missing section: # Tests`). */
export function sectionErrors(missing: readonly string[]): string[] {
  return missing.map((section) => `Missing section: ${section}`);
}
