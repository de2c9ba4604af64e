import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A service's configuration that does not load (issue 30, the tenth capture's largest mechanism:
 * 29 texts read ERROR_RESPONSE or UNKNOWN): BROKEN_BUILD, by the position it names in one of its
 * spellings or by the verdict on the whole configuration.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation][] = [
  ['a quoted file name and its line', fail('"deploy.cron":2: bad hour\nerrors in crontab file, can\'t install.\n')],
  ['a position and a missing token, on a failing checker\'s stdout', fail('', "named.conf:4: missing ';' before '}'\n")],
  ['a statement the file\'s reader does not know, on stdout', fail('', "named.conf:3: unknown option 'recursive'\n")],
  ['a record type the zone file\'s reader does not know', fail('', "db.example.test:5: unknown RR type 'AAA'\nzone example.test/IN: loading from master file db.example.test failed: unknown class/type\nzone example.test/IN: not loaded due to errors.\n")],
  ['a column range after the line', fail("firewall.nft:5:16-24: Error: unknown identifier 'web_ports'\n    tcp dport $web_ports accept\n               ^^^^^^^^^\n")],
  ['a column range, the message naming a lookup', fail('firewall.nft:5:22-26: Error: Could not resolve service: Servname not supported for ai_socktype\n')],
  ['a position after a severity head, without its own colon', fail("error: logrotate.conf:3 bad rotation count 'five'\nerror: found error in /work/case/logs/app.log , skipping\n")],
  ['the same, extra arguments', fail('error: logrotate.conf:5 extra arguments for create\n')],
  ['a zone not loaded, the reason above without a position', fail('', "zone example.test/IN: NS 'ns1.example.test' has no address records (A or AAAA)\nzone example.test/IN: not loaded due to errors.\n")],
  ['a directive refused at a line of a file', fail('2026-11-27T20:26:14Z Fatal error : Could not parse makestep directive at line 3 in file chrony.conf\n')],
  ['an invalid directive', fail('Fatal error : Invalid directive at line 2 in file chrony.conf\n')],
  ['the configuration failed as a whole', fail('[ ] Initializing service [app]\n[!] Service [app]: Each service must define two endpoints\n[!] Configuration failed\n[ ] Deallocating section [app]\n')],
  ['a unit file with a bad setting', fail('app.service: Service has no ExecStart=, ExecStop=, or SuccessAction=. Refusing.\nUnit app.service has a bad unit file setting.\n')],
  ['a configuration file of an improper format', fail('kinit: Improper format of Kerberos configuration file while initializing Kerberos 5 library\n')],
  ['a malformed configuration file', fail('agent: malformed configuration file /etc/agent.yaml\n')],
];

describe('a service configuration that does not load', () => {
  test.each(ROWS)('%s', (_, observation) => {
    expect(classify(observation).type).toBe('BROKEN_BUILD');
    expect(generic(observation).type).toBe('BROKEN_BUILD');
  });
});

describe('look-alikes: not a configuration that does not load', () => {
  test.each([
    ['a configuration file that is not there', fail('', 'zone example.test/IN: loading from master file zones/db.example.test failed: file not found\nzone example.test/IN: not loaded due to errors.\n')],
    ['a file missing at line 0, the tool\'s own input', fail('internal:0:0-0: Error: Could not open file "/etc/nftables.d/firewall.nft": No such file or directory\n')],
    ['options the invocation gave, refused at the build file\'s first statement', fail('', 'meson.build:1:0: ERROR: Unknown options: "frobnicate"\n')],
    ['a position whose message is an error verifying a path', fail('error: logrotate.conf:6 error verifying olddir path /work/case/archive: No such file or directory\n')],
    ['a severity head, then a word, not a position', fail('error: bad top line in state file state\n')],
    ['a test named for the words', fail('not ok 4 - reports when the configuration failed\n')],
    ['a position that is a warning', fail('named.conf:3: warning: unknown option ignored\n', '')],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).not.toBe('BROKEN_BUILD');
    expect(generic(observation).type).not.toBe('BROKEN_BUILD');
  });

  test('a checker that passed printed its positions as information', () => {
    expect(classify({ stdout: 'named.conf:3: unknown option ignored\n', stderr: '', exitCode: 0 }).type).not.toBe('BROKEN_BUILD');
  });
});
