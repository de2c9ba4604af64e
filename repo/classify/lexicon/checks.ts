import { RULE_PRIORITY } from '../priority.js';
import type { Rule } from '../rule.js';
import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { USAGE_MARKERS } from './commands.js';

/**
 * Checks of the code and of data, in words and shapes any checker uses (issue 30): a linter's
 * findings and a formatter's check (QUALITY_GATE_FAIL), data that does not fit its schema
 * (FORMAT_VALIDATION), a schema that is itself broken (BROKEN_BUILD).
 */

/**
 * Extensions of the files linters check: sources, and the configuration, documentation and
 * infrastructure files that have linters of their own (YAML, Markdown, shell, Terraform, CSS…).
 * Not the languages whose stack frames print positions on every line (JavaScript, TypeScript, the
 * JVM's, .NET's): a trigger there would be looked at on each frame of every stack trace (a tenth of
 * a typical call's time); their linters print a table (eslint, below) or a rule's path (`lint/…`).
 */
const LINTED_FILES = [
  'c', 'h', 'cc', 'cpp', 'hpp', 'go', 'rs', 'swift', 'py', 'pyi', 'rb', 'php', 'lua', 'pl', 'pm', 'r', 'ex', 'exs',
  'vue', 'svelte', 'css', 'scss', 'less', 'html', 'md', 'markdown', 'rst', 'yml', 'yaml', 'json', 'toml', 'sh', 'bash', 'zsh', 'tf', 'hcl',
  'sql', 'proto', 'xml',
];

/** A linter's words for an input it could not read. */
const NOT_READ = ['no such file or directory', 'file not found', 'filenotfounderror'];

/** Where a table row of findings (`2:10  error  …  rule`) says its severity. */
const TABLE_SEVERITIES = ['error', 'warning', '✖', '⚠'];

/** Run-time defects an analyser finds by reading the code (cppcheck, clang-tidy, Infer, PVS: their words, not their names). */
const STATIC_DEFECTS = [
  'null pointer dereference', 'null dereference', 'dereference of null', 'possible null', 'memory leak', 'resource leak', 'uninitialized variable',
  'uninitialised variable', 'out of bounds', 'division by zero', 'unused variable', 'unused function', 'unread variable', 'dead store', 'dead code',
  'unreachable code', 'use after free', 'double free', 'buffer overflow',
];

export const CHECK_RULES: readonly Rule[] = [
  {
    // A finding names its rule: its words describe the code a linter read ("Undefined variable 'x'
    // (undefined-variable)"), not a build that failed — so it outranks the compiler's words in the
    // same output, as a JSON parse error refines a syntax error.
    id: 'lexicon.lint-finding',
    type: 'QUALITY_GATE_FAIL',
    priority: RULE_PRIORITY.build + 5,
    phrases: [...LINTED_FILES.map((ext) => `*.${ext}:*`), 'lint/*', '(error):', '(warning):', '(info):', '(style):'],
    shape: 'file:line[:col] RULE message',
    // A linter that could not read its input checked nothing: the missing file is what failed (flake8's E902).
    unless: NOT_READ,
  },
  {
    // A static analyser's finding: a run-time defect found without running the code ("Null pointer dereference",
    // "Memory leak", "Uninitialized variable") at a source position, with the id of the check that found it
    // (`[nullPointer]`, `[clang-analyzer-core.NullDereference]`). The code compiles; an analyser's gate failed it
    // (DESIGN: QUALITY_GATE_FAIL). A compiler's warning made an error names its flag (`[-Werror=unused-variable]`):
    // the build failed, BROKEN_BUILD. A type checker's errors name no run-time defect.
    id: 'lexicon.analyser-finding',
    type: 'QUALITY_GATE_FAIL',
    // It refines the compiler-shaped line a compiler's rule reads as a broken build, as a JSON parse error refines a SyntaxError.
    priority: RULE_PRIORITY.refinement,
    phrases: STATIC_DEFECTS,
    shape: 'file:line:col: message',
    requires: ['*]'],
    sameLine: true,
    unless: ['[-w*'],
  },
  {
    // A lint of a tool's own namespace (`tool::lint`) denied by `-D warnings`: a linter's gate, where the compiler's own
    // lint (`-D unused-variables`) is its warning made an error, a build's.
    id: 'lexicon.namespaced-lint',
    type: 'QUALITY_GATE_FAIL',
    priority: RULE_PRIORITY.refinement,
    phrases: ['implied by `-d warnings`'],
    requires: ['*::*'],
    sameLine: true,
  },
  {
    // A failing check that printed only what it would change, as a unified diff on stdout (a formatter's `--check
    // --diff`, `gofmt -d`, `terraform fmt -check -diff`): the files are not as the gate wants them. The weakest
    // reading: any word of a failure outranks it, and a diff an agent produced that does not apply is DIFF_PARSE_ERROR.
    id: 'lexicon.check-diff',
    type: 'QUALITY_GATE_FAIL',
    priority: RULE_PRIORITY.crash - 1,
    sources: ['stdout'],
    unless: REPORT,
    phrases: ['@@ -*'],
    requires: ['+++'],
  },
  { id: 'lexicon.lint-table', type: 'QUALITY_GATE_FAIL', priority: RULE_PRIORITY.build + 5, phrases: TABLE_SEVERITIES, shape: 'line:col severity message rule', unless: NOT_READ },
  {
    // A file that does not parse, whoever reports it: a linter cannot check what it cannot parse, so its
    // parse error is a broken file, above the finding it is printed as (pylint's E0001, shellcheck's
    // SC1073, cfn-lint's E0000). The words of parsers, YAML's (libyaml's messages, read by every tool on it) among them.
    id: 'lexicon.unparsable',
    type: 'BROKEN_BUILD',
    priority: RULE_PRIORITY.build + 8,
    wordForms: true,
    unless: REPORT,
    phrases: [
      'parsing failed', 'invalid syntax', '{cannot} parse this', 'mapping values are not allowed', 'did not find expected',
      'could not find expected', 'found character that cannot start any token', 'found undefined alias', 'while scanning a',
    ],
  },
  {
    // A formatter run as a check: what it would change is the finding (black, ruff format, prettier, biome, rustfmt, clang-format).
    id: 'lexicon.format-check',
    type: 'QUALITY_GATE_FAIL',
    unless: REPORT,
    phrases: [
      'would reformat', 'would be reformatted', 'would have printed', 'would be formatted', 'not formatted', 'is not formatted',
      'are not formatted', 'needs formatting', 'need formatting', 'incorrectly formatted', 'improperly formatted', 'formatting issues',
      'formatting check failed', 'format check failed', 'code style issues', 'style issues found', 'code should be formatted',
    ],
  },
  {
    // rustfmt --check and gofmt -d head each file's diff with its name and a position.
    id: 'lexicon.format-diff',
    type: 'QUALITY_GATE_FAIL',
    phrases: ['diff in'],
    requires: LINTED_FILES.map((ext) => `*.${ext}:*`),
    sameLine: true,
  },
  {
    // A linter's summary: "✖ 3 problems (2 errors, 1 warning)".
    id: 'lexicon.lint-summary',
    type: 'QUALITY_GATE_FAIL',
    phrases: ['problem (', 'problems ('],
    requires: ['error,', 'errors,', 'warning)', 'warnings)'],
    sameLine: true,
  },
  {
    // Data that does not fit its schema or model: JSON Schema's own keywords as validators print
    // them (ajv, python-jsonschema, every implementation of the spec's messages), and a model's
    // validation errors ("1 validation error for Plan"). Above a crash: the exception is how the
    // validator said it, the data is what is wrong. Not an API's "Validation Failed" answer (a 422,
    // AWS's ValidationException): that is a request refused, ERROR_RESPONSE.
    id: 'lexicon.validation',
    type: 'FORMAT_VALIDATION',
    wordForms: true,
    // A CLI's usage error quoting the choices it allows ("'production' is not one of 'staging', 'prod'") is a refused request.
    unless: [...REPORT, ...USAGE_MARKERS],
    phrases: [
      'validation error for', 'validation errors for', 'schema validation',
      'does not match schema', 'does not match the schema', 'did not match expected schema', 'does not conform to schema',
      'is a required property', 'must have required property', 'additional properties are not allowed', 'must not have additional properties',
      'is not of type', 'must be equal to one of the allowed values', 'is not one of', 'is less than the minimum of',
      'is greater than the maximum of', 'does not match pattern', 'must match pattern', 'is not valid under any of the given schemas',
      'extra inputs are not permitted',
      // A document checked against its DTD, XML Schema or RELAX NG ("validity error", "fails to validate", "is not a valid
      // value of the atomic type", "This element is not expected"): the document misfits its schema.
      'validity {error}', 'fails to validate', 'does not follow the dtd', 'is not a valid value of', "doesn't allow value",
      'does not allow value', 'element is not expected',
      // A validator's "expected number, received string": the type a value had.
      'received string', 'received number', 'received undefined', 'received null', 'received boolean', 'received object', 'received array',
      'received nan', 'received bigint',
      // Validators' issue objects: where in the data, and what is wrong there (JSON Schema's output format, ajv's errors, zod's issues).
      'instancepath', 'instancelocation', 'keywordlocation', '"path": [',
    ],
  },
  {
    // A condition the task states about itself, checked and false: a precondition, a health check. (A thrown "invariant failed" is a crash, as the corpus reads it.)
    id: 'lexicon.check-failed',
    type: 'VERIFICATION_FAILED',
    wordForms: true,
    // HTTP's 412 Precondition Failed is a server's refusal (the registry's).
    unless: [...REPORT, '412'],
    phrases: ['precondition {fail}', 'postcondition {fail}', 'health check {fail}', 'healthcheck {fail}', 'check {fail}', 'checks {fail}', 'condition {fail}'],
  },
  {
    // A hook the repository runs refused the change ("pretxncommit.ticket hook exited with status 1", "pre-receive hook
    // declined"): a gate the project set, which the change must pass — fix the change, as a failed lint.
    id: 'lexicon.hook-rejected',
    type: 'QUALITY_GATE_FAIL',
    wordForms: true,
    unless: REPORT,
    phrases: ['hook exited with status', 'hook exited with code', 'hook {fail}', 'hook declined', 'hook rejected', 'rejected by hook', 'declined by hook'],
  },
  {
    // The schema itself is broken: the program's own artifact, not the data (jsonschema's SchemaError, ajv's "schema is invalid").
    id: 'lexicon.schema-broken',
    type: 'BROKEN_BUILD',
    wordForms: true,
    unless: REPORT,
    phrases: ['schema is invalid', 'schema invalid', 'invalid schema', 'schema {error}', '{cannot} compile schema'],
  },
];
