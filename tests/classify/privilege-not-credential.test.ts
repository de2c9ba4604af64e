/**
 * A program that refuses to run as root and tells the person to "log in … as the (unprivileged)
 * user" asks for another user, not for credentials (src/classify/lexicon/access.ts, `lexicon.auth`'s
 * `unless`): ERROR_RESPONSE, adapted, not AUTH_REQUIRED, escalated. A request to log in that is about
 * credentials stays AUTH_REQUIRED.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS } from '../../src/classify/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });

describe('a refusal to run as root is no credential problem', () => {
  test.each([
    ['a server tool', 'widgetd: cannot be run as root\nPlease log in (using, e.g., "su") as the (unprivileged) user that will\nown the server process.\n'],
    ['an init tool with a hint', 'widget-init: error: cannot be run as root\nwidget-init: hint: Please log in (using, e.g., "su") as the (unprivileged) user that will own the server process.\n'],
    ['must not', 'widgetd must not be run as root; please log in as the widget user\n'],
  ])('%s', (_, stderr) => {
    expect(generic({ stderr, exitCode: 1 }).type).toBe('ERROR_RESPONSE');
  });

  test.each([
    ['please log in', 'Error: please log in to continue (widget login)\n'],
    ['login required', 'widget: login required\n'],
  ])('look-alike: %s stays a credential problem', (_, stderr) => {
    expect(generic({ stderr, exitCode: 1 }).type).toBe('AUTH_REQUIRED');
  });
});
