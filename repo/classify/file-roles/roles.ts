import { CONFIG_EXTENSIONS, CONFIG_FILENAMES, DATA_EXTENSIONS, DATA_FILENAMES, SOURCE_EXTENSIONS, SOURCE_FILENAMES } from './linguist.js';

/**
 * The role a file plays for the program that read it, known by its name alone (issue 30, file
 * roles): the registry behind README's label decision *what an uncaught exception carries* — a
 * project file that does not parse or load is BROKEN_BUILD, input not in its format is
 * ERROR_RESPONSE.
 * - `source`: a project's code, markup or documentation source (Linguist's programming, markup
 *   and prose languages), and a build's description (`Makefile`, `CMakeLists.txt`, `*.mk`);
 * - `config`: a project's or a program's configuration (`*.conf`, `*.toml`, `*.yml`, `*.service`,
 *   a `.xxxrc` dotfile, `debian/control`);
 * - `data`: input a program reads (`*.csv`, `*.json`, `*.xml`, images, audio, archives, `*.dat`).
 *
 * Why JSON and XML are data: they are the interchange formats a program is handed (an API's
 * answer, a feed, a document to convert), and DESIGN gives JSON's refusal a type of its own
 * (JSON_PARSE_ERROR); the names of the projects' own JSON and XML files (`package.json`,
 * `tsconfig.json`, `pom.xml`, `.babelrc`) are configuration. YAML and TOML are configuration:
 * that is what projects keep in them (CI workflows, compose files, playbooks, `Cargo.toml`), and
 * the corpus's labellers read a YAML file that does not parse as BROKEN_BUILD.
 */
export type FileRole = 'source' | 'config' | 'data';

/**
 * Added to Linguist's lists, each with why (the lists are a project's languages, not its files):
 * a build's and a system's configuration by convention, and the media, archive and store formats
 * that are only ever input.
 */
const MORE_CONFIG_EXTENSIONS = [
  // systemd units, *.conf/*.cfg/*.ini beside Linguist's INI, and generator inputs of a build.
  '.service', '.socket', '.timer', '.mount', '.target', '.path', '.conf', '.cfg', '.ini', '.cnf', '.toml', '.yaml', '.yml', '.gperf',
];
const MORE_CONFIG_FILENAMES = ['debian/control', 'debian/rules', 'debian/changelog', 'package.json', 'tsconfig.json', 'composer.json', 'tox.ini', 'setup.cfg', 'pyproject.toml', 'build.ninja', 'meson.build', 'configure.in', 'doxyfile', 'rakefile', 'gemfile', 'justfile', 'procfile', 'jenkinsfile', 'vagrantfile',
  // Lock files: the project's resolved dependencies, written by its package manager and committed.
  'package-lock.json', 'npm-shrinkwrap.json', 'composer.lock', 'poetry.lock', 'pipfile.lock'];
const MORE_DATA_EXTENSIONS = [
  // Plain text: Linguist's Text and Vim help both claim `.txt`; a project keeps notes and inputs in it.
  '.txt', '.dat', '.data', '.bin', '.log', '.jsonl', '.ndjson', '.parquet', '.avro', '.npy', '.npz', '.h5', '.hdf5', '.db', '.sqlite', '.sqlite3',
  '.png', '.jpg', '.jpeg', '.gif', '.bmp', '.tif', '.tiff', '.webp', '.ico', '.heic', '.wav', '.mp3', '.flac', '.ogg', '.aac', '.m4a',
  '.mp4', '.mkv', '.avi', '.mov', '.webm', '.pdf', '.doc', '.docx', '.xls', '.xlsx', '.odt', '.epub', '.zip', '.tar', '.gz', '.tgz',
  '.bz2', '.xz', '.zst', '.7z', '.rar', '.arj', '.lz', '.lzma', '.cpio', '.deb', '.rpm', '.jar', '.whl', '.iso', '.img', '.pem', '.crt',
  '.der', '.key', '.p12', '.pfx', '.jks', '.gpg', '.sig', '.eml', '.mbox',
];

const words = (list: string): string[] => list.split(' ');

/** Role by extension (with its dot) and by whole lower-case name; the first list to name one decides. */
const BY_EXTENSION = new Map<string, FileRole>();
const BY_NAME = new Map<string, FileRole>();
for (const [role, extensions, names] of [
  ['config', MORE_CONFIG_EXTENSIONS, MORE_CONFIG_FILENAMES],
  ['data', MORE_DATA_EXTENSIONS, []],
  ['source', words(SOURCE_EXTENSIONS), words(SOURCE_FILENAMES)],
  ['config', words(CONFIG_EXTENSIONS), words(CONFIG_FILENAMES)],
  ['data', words(DATA_EXTENSIONS), words(DATA_FILENAMES)],
] as const) {
  for (const e of extensions) if (!BY_EXTENSION.has(e)) BY_EXTENSION.set(e, role);
  for (const n of names) if (!BY_NAME.has(n)) BY_NAME.set(n, role);
}

/** Longest extension tried: `.tar.gz`, `.cmake.in`, `.tfstate.backup`. */
const MAX_EXTENSION = 16;

/**
 * The role of the file `path` names (see {@link FileRole}), by its base name: a whole name the
 * registry knows (`Makefile`, `CMakeLists.txt`, `pom.xml`, `.bashrc`), then `debian/control`-like
 * pairs, then its two-part and its last extension (any case), then a run-commands dotfile
 * (`.indent.pro`, `.xxxrc`, `msmtprc`) as configuration. `null` when the name says nothing (no
 * extension, an unknown one). Total: never throws, for any string.
 */
export function fileRole(path: string): FileRole | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > 4096) return null;
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const base = path.slice(slash + 1).toLowerCase();
  if (base.length === 0 || base === '.' || base === '..') return null;
  const named = BY_NAME.get(base);
  if (named !== undefined) return named;
  if (slash > 0) {
    const dir = path.lastIndexOf('/', slash - 1);
    const pair = BY_NAME.get(path.slice(dir + 1).toLowerCase());
    if (pair !== undefined) return pair;
  }
  // The extension: a dot after the first character (`.bashrc` is a name, not an extension).
  const last = base.lastIndexOf('.');
  if (last > 0 && base.length - last <= MAX_EXTENSION) {
    // A name has a letter before its extension: `.1.3.6.1.x` is an OID, `1.2.x` a version; and an
    // extension of digits only is a version too (`app-v1.2`, `libssl.so.3`), not Roff's `.1`.
    if (!hasLetter(base, last) || digitsOnly(base, last + 1)) return null;
    const prev = base.lastIndexOf('.', last - 1);
    if (prev > 0) {
      const two = BY_EXTENSION.get(base.slice(prev));
      if (two !== undefined) return two;
    }
    const one = BY_EXTENSION.get(base.slice(last));
    if (one !== undefined) return one;
    // `.indent.pro`, `.clang-format.yml`: a dotfile is a program's settings whatever follows.
    return base.charCodeAt(0) === 46 ? 'config' : null;
  }
  return runCommands(base) ? 'config' : null;
}

/** True when `base` has a letter before `end`. */
function hasLetter(base: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const c = base.charCodeAt(i);
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}

/** True when `base` from `from` on is digits only. */
function digitsOnly(base: string, from: number): boolean {
  for (let i = from; i < base.length; i++) {
    const c = base.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return from < base.length;
}

/** True for a run-commands file's name: `.xxxrc`, `xxxrc` (`msmtprc`, `wgetrc`), and any other dotfile. */
function runCommands(base: string): boolean {
  if (base.charCodeAt(0) === 46) return base.length > 1;
  // At least three letters before the `rc`, letters only: `src`, `arc`, `doc` are not settings.
  if (base.length < 5 || !base.endsWith('rc')) return false;
  for (let i = 0; i < base.length; i++) {
    const c = base.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}
