import { REPORT_WORDS } from '../packs/markers.js';
import type { Rule } from '../rule.js';

/**
 * A project's configuration or model definition that does not load (issue 30, session 14; README,
 * label decisions: *What an uncaught exception carries*): BROKEN_BUILD, whatever exception carried
 * it — the project's own file is wrong, as a configuration that does not parse (inputs.ts). In the
 * words a configurator or a model library uses when it refuses the definition it was given.
 */
export const CONFIGURATION_RULES: readonly Rule[] = [
  {
    id: 'lexicon.configuration-does-not-load',
    type: 'BROKEN_BUILD',
    wordForms: true,
    unless: REPORT_WORDS,
    phrases: [
      // A configurator refusing a section of the configuration (`ValueError: Unable to configure handler 'console'`,
      // `dictionary doesn't specify a version`).
      'unable to configure', "doesn't specify a version", 'does not specify a version',
      // A model library refusing a model's definition (`PydanticSchemaGenerationError: Unable to generate … schema for
      // <…>`, `PydanticUserError: A non-annotated attribute was detected … All model fields require a type annotation`).
      'schema generation error', 'non-annotated attribute', 'require a type annotation', 'requires a type annotation',
      // A schema whose reference points nowhere (`PointerToNowhere: '/definitions/port' does not exist within …`,
      // `Unresolvable JSON pointer`): the project's schema does not load.
      'pointer to nowhere', 'pointertonowhere', 'unresolvable json pointer', 'unresolvable reference',
    ],
  },
];
