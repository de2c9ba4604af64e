/**
 * The refusal an uncaught exception carries (src/classify/lexicon/exception-refusal.ts): a file or
 * database given that could not be opened, input in a format the reader does not know, a thing asked
 * for that the store does not hold (a `NoSuch…` class) — ERROR_RESPONSE over the crash that carries
 * it; a defect of the program (a `ValueError` for a format its code passed, `TypeError`,
 * `AttributeError`, a key missing from its own mapping) stays CLI_CRASH. Made-up programs'
 * tracebacks and stacks in each language's real shape, with the generic classifier.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });
const py = (frame: string, last: string): string => `Traceback (most recent call last):\n  File "/srv/app/main.py", line 7, in <module>\n    ${frame}\n${last}\n`;
const node = (first: string): string => `/srv/app/main.mjs:4\n${first}\n    at Object.<anonymous> (/srv/app/main.mjs:4:9)\n    at Module._compile (node:internal/modules/cjs/loader:1554:14)\n\nNode.js v20.20.2\n`;

const ROWS: [what: string, observation: Observation, type: FailureType, rule?: string][] = [
  ['a data file it could not read', { stderr: py("tree = etree.parse('feeds/items.xml')", "OSError: Error reading file 'feeds/items.xml': failed to load external entity \"feeds/items.xml\""), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-input-unopened'],
  ['a database file it could not open', { stderr: py('conn = engine.connect()', 'widgetdb.OperationalError: unable to open database file'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-input-unopened'],
  ['an input file a stack could not open', { stderr: node('Error: Unable to open input file "parts/footer.wdg"'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-input-unopened'],
  ['an archive of a format the reader does not know', { stderr: py("unpack('release.bin', 'out')", "widgets.ReadError: Unknown archive format 'release.bin'"), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-unknown-format'],
  ['a sound file of a format the reader does not know', { stderr: py("w = sound.open('in.snd')", 'sound.Error: unknown format: 3'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-unknown-format'],
  ['a folder the store does not hold (a NoSuch… class)', { stderr: py("box.get_folder('Builds')", 'mailstore.NoSuchFolderError: /srv/mail/.Builds'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-no-such'],
  ['an object the store does not hold, thrown in Node', { stderr: node('NoSuchKey: The specified key does not exist.'), exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a header cut short, raised bare by the reader', { stderr: py("s = sound.open('in.snd')", '  File "/usr/lib/python3/sound.py", line 378, in _read_fmt_chunk\n    raise EOFError from None\nEOFError'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-input-ended'],
  ['no input on stdin', { stderr: py('name = input()', 'EOFError: EOF when reading a line'), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-input-ended'],
  ['a key the store does not hold, in a sentence', { stderr: py('msg = box.get_message(7)\n          ^^^^^^^^^^^^^^^^^^', '  File "/usr/lib/python3/mailstore.py", line 747, in _lookup\n    raise KeyError(\'No message with key: %s\' % key) from None\nKeyError: \'No message with key: 7\''), exitCode: 1 }, 'ERROR_RESPONSE', 'lexicon.exception-key-not-held'],
  // Look-alikes: the program's own defect, or no file named.
  ['a decompressor the code used again', { stderr: py('print(d.decompress(blob))', 'EOFError: End of stream already reached'), exitCode: 1 }, 'CLI_CRASH'],
  ['a key named alone that begins with no', { stderr: py("print(cfg['node'])\n          ~~~^^^^^^^^", "KeyError: 'node'"), exitCode: 1 }, 'CLI_CRASH'],
  ['a format name the program\'s code passed (ValueError)', { stderr: py("make_archive('dist/site', 'tar.zst', 'site')", "ValueError: unknown archive format 'tar.zst'"), exitCode: 1 }, 'CLI_CRASH'],
  ['a TypeError', { stderr: py('total = price + qty', "TypeError: unsupported operand type(s) for +: 'int' and 'str'"), exitCode: 1 }, 'CLI_CRASH'],
  ['an AttributeError', { stderr: py('cfg.widgets.open()', "AttributeError: 'NoneType' object has no attribute 'open'"), exitCode: 1 }, 'CLI_CRASH'],
  ['undefined is not a function', { stderr: node('TypeError: widget.open is not a function'), exitCode: 1 }, 'CLI_CRASH'],
  ['a key missing from its own mapping', { stderr: py("print(cfg['tool']['name'])\n          ~~~~~~~~~~~^^^^^^^^", "KeyError: 'name'"), exitCode: 1 }, 'CLI_CRASH'],
];

describe('the refusal an uncaught exception carries, over the crash', () => {
  test.each(ROWS)('%s', (_, observation, type, rule) => {
    const result = generic(observation);
    expect(result.type).toBe(type);
    if (rule !== undefined) expect(result.evidence[0]!.rule).toBe(rule);
  });

  test('a test report that names the words is a failed test, not a refusal', () => {
    expect(generic({ stdout: 'FAIL  reader.test.js\n  ✕ reports "unable to open input file" for a missing path\nTests: 1 failed, 3 passed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });
});
