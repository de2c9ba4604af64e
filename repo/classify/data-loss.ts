/**
 * Seed 004's "Data loss risk: any → BLOCK_AND_ALERT" and UC-AP-004 BR-002, read from the command
 * line before it runs (issue 33). The failure text is read by the security pack's data-loss rule
 * (what a failure printed); this reads what is about to run, so a command that would wipe the
 * root, a disk, a database or a protected branch is never started: it fails as a
 * SECURITY_VIOLATION (critical: halt, no retry). Pure and total: any argv, linear time.
 *
 * What counts (the command as argv, or the script of `sh -c`, `bash -c`…, split at `;`, `&&`,
 * `||`, `|` and newlines):
 * - `rm` recursive on `/`, `/*`, `~`, `$HOME`, or with `--no-preserve-root`;
 * - `mkfs`, `mkfs.*`, `mke2fs`, `wipefs`; `dd` writing to a disk device (`of=/dev/sd*`, `nvme*`, …);
 * - `DROP DATABASE`, `DROP SCHEMA`, `dropdb`, `dropDatabase()`;
 * - `git push --force` (`-f`, `+refspec`) to `main`, `master`, `production`, `prod`, `release*`;
 * - `chmod`/`chown -R` on `/`; `format c:`.
 */

/** The shells whose `-c` script is read instead of their argv. */
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash']);
/** Targets of a recursive `rm` that lose everything. */
const ROOTS = new Set(['/', '/*', '~', '~/', '~/*', '$home', '${home}', '$home/', '${home}/', '"$home"', '/.']);
/** Branches a forced push must not rewrite. */
const PROTECTED = /^\+?(?:refs\/heads\/)?(?:main|master|production|prod|release(?:\/.*)?)$/;
const DISK = /^of=\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk)/;
/** Most characters read: a pathological argv is cut, never scanned for long. */
const MAX_CHARS = 100_000;

/** What the command line risks, in a few words, or null when nothing in it risks data loss. */
export function dataLossRisk(argv: readonly string[]): string | null {
  for (const command of commandsOf(argv)) {
    const risk = riskOf(command);
    if (risk) return risk;
  }
  return null;
}

/** The simple commands of an argv: itself, or a shell's `-c` script split at its separators. */
function commandsOf(argv: readonly string[]): string[][] {
  const program = basename(argv[0] ?? '');
  const dashC = argv.indexOf('-c');
  const text = SHELLS.has(program) && dashC > 0 && dashC + 1 < argv.length ? argv[dashC + 1]! : argv.join(' ');
  return text.slice(0, MAX_CHARS).toLowerCase().split(/;|&&|\|\||\||\n/).map((part) =>
    part.trim().split(/\s+/).filter(Boolean).map((token) => token.replace(/^['"]|['"]$/g, '')),
  ).filter((tokens) => tokens.length > 0);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

function riskOf(tokens: string[]): string | null {
  // `sudo rm …`, `env X=1 rm …`: the program is the first token that is neither of those nor an assignment.
  let at = 0;
  while (at < tokens.length && (tokens[at] === 'sudo' || tokens[at] === 'env' || /^[a-z_][a-z0-9_]*=/.test(tokens[at]!))) at++;
  const program = basename(tokens[at] ?? '');
  const args = tokens.slice(at + 1);
  const line = tokens.join(' ');
  if (/\bdrop\s+(?:database|schema)\b/.test(line) || /\bdropdatabase\s*\(/.test(line)) return `${match(line, /\bdrop\s+(?:database|schema)\b|\bdropdatabase\s*\(/)} (drops a database)`;
  switch (program) {
    case 'rm': {
      const flags = args.filter((a) => a.startsWith('-'));
      if (flags.includes('--no-preserve-root')) return 'rm --no-preserve-root (removes the root directory)';
      const recursive = flags.some((f) => f === '--recursive' || (/^-[a-z]+$/.test(f) && f.includes('r')));
      const target = args.find((a) => !a.startsWith('-') && ROOTS.has(a));
      return recursive && target ? `rm ${flags.join(' ')} ${target} (removes the root or home directory recursively)` : null;
    }
    case 'mke2fs': case 'wipefs': return `${program} (erases a file system)`;
    case 'dropdb': return 'dropdb (drops a database)';
    case 'dd': {
      const target = args.find((a) => DISK.test(a));
      return target ? `dd ${target} (overwrites a disk)` : null;
    }
    case 'chmod': case 'chown':
      return args.some((a) => /^-[a-z]*r/.test(a) || a === '--recursive') && args.includes('/') ? `${program} -R … / (changes every file of the system)` : null;
    case 'format': return args[0] === 'c:' ? 'format c: (erases a disk)' : null;
    case 'git': return forcedPush(args);
    default:
      return /^mkfs(?:\.[a-z0-9]+)?$/.test(program) ? `${program} (erases a file system)` : null;
  }
}

/** `git push` with force to a protected branch. */
function forcedPush(args: string[]): string | null {
  const push = args.indexOf('push');
  if (push < 0) return null;
  const rest = args.slice(push + 1);
  const force = rest.some((a) => a === '--force' || a === '-f' || /^-[a-z]*f[a-z]*$/.test(a) && !a.startsWith('--'));
  const refspecs = rest.filter((a) => !a.startsWith('-'));
  const target = refspecs.find((r) => {
    const dest = r.includes(':') ? r.slice(r.indexOf(':') + 1) : r;
    return PROTECTED.test(dest) && (force || r.startsWith('+'));
  });
  return target ? `git push --force to ${target.replace(/^\+/, '')} (rewrites a protected branch)` : null;
}

function match(text: string, pattern: RegExp): string {
  return pattern.exec(text)?.[0] ?? text;
}
