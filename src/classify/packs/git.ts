import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/**
 * git: credentials (fatal), the network (transient), patches that do not apply
 * (DIFF_PARSE_ERROR), conflicts and refused updates (ERROR_RESPONSE: adapt). A held
 * `index.lock` means another git process is working: DEPENDENCY_FAILURE, wait for it.
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
      ],
    },
    { id: 'git.lock', type: 'DEPENDENCY_FAILURE', phrases: ['index.lock'], requires: ['file exists', 'another git process'] },
  ],
};
