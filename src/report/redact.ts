/**
 * Secret redaction, the public entry point: everything the engine records or reports passes
 * through here first, so an API key in a failing command's output never reaches a history file,
 * a report or a CI summary. Text rules live in `redact-text.ts` (built-ins in
 * `secret-patterns.ts`, `assignments.ts`, `private-keys.ts`); values in `redact-deep.ts`.
 */
export { REDACTED, isSecretField, isSecretKey } from './secret-keys.js';
export { compileRedactPatterns, redactSecrets, type RedactPatterns } from './redact-text.js';
export { redactDeep } from './redact-deep.js';
export { LATE_SECRET_RULES, SECRET_RULES, type SecretRule } from './secret-patterns.js';
export { StreamRedactor } from './redact-stream.js';
