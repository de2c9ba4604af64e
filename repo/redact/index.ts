/**
 * Secret redaction, on the ground floor beside the taxonomy: everything the engine records,
 * reports, traces or hands an agent passes through here first, so an API key in a failing
 * command's output never reaches a history file, a report, a CI summary or a prompt. Text rules
 * live in `text.ts` (built-ins in `secret-patterns.ts`, `assignments.ts`, `private-keys.ts`,
 * a cheap first look in `prescan.ts`); values in `deep.ts`; live output in `stream.ts`.
 */
export { REDACTED, isSecretField, isSecretKey } from './secret-keys.js';
export { compileRedactPatterns, compileRedaction, redactSecrets, type RedactPatterns } from './text.js';
export { redactDeep } from './deep.js';
export { LATE_SECRET_RULES, SECRET_RULES, type SecretRule } from './secret-patterns.js';
export { StreamRedactor } from './stream.js';
