import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/**
 * Paths whose access is a security matter (UC-AP-004 Exc-2, NFR-AP-05). A leading `*` lets
 * the path sit under a prefix (`/private/etc/sudoers`, a chroot); `/root` keeps its boundary so
 * `/home/x/root` is not it. `/etc` itself (any file under it, at the root only, not
 * `/usr/local/etc`): an unprivileged task writing system configuration is crossing a boundary.
 */
export const SENSITIVE_PATHS: readonly string[] = [
  '*/etc/shadow', '*/etc/gshadow', '*/etc/sudoers', '*/etc/master.passwd', '*/etc/passwd', '*/etc/ssl/private',
  '*/etc/kubernetes', '/etc', '/root', '.ssh', 'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'authorized_keys',
  '.aws/credentials', '.gnupg', '.kube/config', '.docker/config.json', '.netrc', '.git-credentials',
  '/proc/kcore', '/dev/mem', '/dev/kmem', '/boot', '/sys/firmware', '/var/run/secrets', 'windows\\system32\\config',
];

/**
 * SECURITY_VIOLATION (critical: halt, no retry): permission errors on sensitive paths,
 * privilege escalation, data-loss commands. Ordinary permission errors are not here (see the
 * node-system pack). Counted in the failure's own words, not in ordinary stdout.
 */
export const securityPack: RulePack = {
  id: 'security',
  description: 'Sensitive paths, privilege escalation and data-loss risk (critical)',
  rules: [
    {
      id: 'security.sensitive-path',
      type: 'SECURITY_VIOLATION',
      sources: FAILURE_SOURCES,
      phrases: SENSITIVE_PATHS,
      requires: ['eacces', 'eperm', 'permission denied', 'operation not permitted', 'access denied', 'access is denied', 'permissionerror'],
      // On one line: "/root/.npm/_logs/…" in one line of an npm log and EACCES in another is not an intrusion.
      sameLine: true,
      // The phrases are paths and file names: inside a path is exactly where they count.
      inIdentifiers: true,
      // ssh refusing a key ("Permission denied (publickey)") is an auth problem, not an intrusion.
      unless: ['publickey'],
    },
    {
      id: 'security.privilege-escalation',
      type: 'SECURITY_VIOLATION',
      sources: FAILURE_SOURCES,
      phrases: [
        'sudo:', '[sudo] password for', 'is not in the sudoers file', 'incident will be reported', 'privilege escalation',
        'escalate privileges', 'su: authentication failure', 'pkexec', 'doas:', 'must be run as root', 'must be root',
      ],
    },
    {
      id: 'security.data-loss',
      type: 'SECURITY_VIOLATION',
      sources: FAILURE_SOURCES,
      phrases: [
        // "rm -rf /" also catches "rm -rf /*" ("*" is not a word character); a trailing "*" here
        // would mean "any prefix" and catch "rm -rf /tmp" too.
        'rm -rf /', 'rm -fr /', 'rm -r -f /', 'rm -rf --no-preserve-root', '--no-preserve-root',
        'dangerous to operate recursively on', 'of=/dev/sd*', 'of=/dev/nvme*', 'drop database', 'format c:',
        'chmod -r 777 /',
      ],
    },
    {
      // An archive member that would land outside the directory it is extracted to (a `../` name, a link to an absolute
      // path: "zip slip"): an extraction filter refused a path traversal, which re-running cannot make safe.
      id: 'security.path-escape',
      type: 'SECURITY_VIOLATION',
      sources: FAILURE_SOURCES,
      phrases: [
        'outside the destination', 'outside of the destination', 'outside the target directory', 'outside the extraction directory',
        'path traversal', 'is a link to an absolute path', 'zip slip',
      ],
    },
    {
      // Making a file system erases a device: the risk is `mkfs … /dev/sdb`. A program of the mkfs family naming itself
      // in its own diagnostics (`mkfs.ext4: No space left on device while writing out …`, on an image file) is not.
      id: 'security.erase-device',
      type: 'SECURITY_VIOLATION',
      sources: FAILURE_SOURCES,
      phrases: ['mkfs'],
      requires: ['/dev/*'],
      sameLine: true,
      inIdentifiers: true,
    },
  ],
};
