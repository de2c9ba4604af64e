import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/**
 * git: credentials (fatal), the network (transient), patches that do not apply
 * (DIFF_PARSE_ERROR), conflicts and refused updates (ERROR_RESPONSE: adapt). A held
 * `index.lock` means another git process is working: RESOURCE_BUSY (the busy pack), wait for it.
 */
export const gitPack: RulePack = {
  id: 'git',
  description: 'git: auth, network, patches, conflicts, locks',
  rules: [
    {
      id: 'git.auth',
      type: 'AUTH_REQUIRED',
      sources: FAILURE_SOURCES,
      phrases: [
        // ssh names the methods it tried: "(publickey)", "(publickey,password)", "(password)"…
        'permission denied (publickey', 'permission denied (password', 'permission denied (keyboard-interactive', 'authentication failed for', 'could not read username for', 'could not read password for',
        'invalid username or password', 'host key verification failed', 'support for password authentication was removed',
        'terminal prompts disabled',
      ],
    },
    {
      id: 'git.network',
      type: 'NETWORK',
      phrases: ['could not resolve host', 'failed to connect to', 'the remote end hung up unexpectedly', 'early eof', 'rpc failed', "unable to access '*"],
    },
    {
      id: 'git.patch',
      type: 'DIFF_PARSE_ERROR',
      phrases: [
        'corrupt patch', 'patch does not apply', 'patch failed', 'malformed patch', 'no valid patches in input', 'unrecognized input',
        'patch fragment without header', 'only garbage was found in the patch input', 'does not match index',
      ],
    },
    { id: 'git.hunk', type: 'DIFF_PARSE_ERROR', phrases: ['hunk #*'], requires: ['failed'] },
    {
      id: 'git.refused',
      type: 'ERROR_RESPONSE',
      phrases: [
        'merge conflict', 'automatic merge failed', 'conflict (content)', 'would be overwritten by', 'not a git repository',
        'failed to push some refs', 'updates were rejected', 'non-fast-forward', 'refusing to merge unrelated histories',
        'did not match any file(s) known to git', "couldn't find remote ref", 'repository not found',
        'need to specify how to reconcile divergent branches', 'does not appear to be a git repository',
      ],
    },
    {
      id: 'git.refused-revision',
      type: 'ERROR_RESPONSE',
      source: 'git/git (die() messages: revision.c, builtin/clone.c, builtin/remote.c)',
      phrases: [
        'ambiguous argument', 'unknown revision or path not in the working tree', 'fatal: bad object', 'fatal: bad revision',
        'already exists and is not an empty directory', 'not a valid object name', 'no such remote', 'invalid reference',
        'src refspec',
      ],
    },
    { id: 'git.remote-exists', type: 'ERROR_RESPONSE', source: 'git/git builtin/remote.c', phrases: ['remote'], requires: ['already exists'], sameLine: true },
    {
      // git's die(): "fatal: <why>". Below every specific rule: what git refused when nothing else says more.
      id: 'git.die',
      type: 'ERROR_RESPONSE',
      source: 'git/git usage.c (die_routine: "fatal: ")',
      priority: RULE_PRIORITY.crash - 10,
      confidence: 0.7,
      phrases: ['fatal:'],
    },
    { id: 'git.missing-repository', type: 'ERROR_RESPONSE', source: 'git/git transport.c, builtin/clone.c', phrases: ["fatal: repository '*"], requires: ['does not exist', 'not found'], sameLine: true },
    { id: 'git.lock', type: 'RESOURCE_BUSY', phrases: ['index.lock'], requires: ['file exists', 'another git process'] },
  ],
};
