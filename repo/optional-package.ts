/**
 * Loading an optional peer dependency when a feature first needs it (issue #32: `pg`,
 * `@viz-js/viz` and the OpenTelemetry SDK are not installed with the package, which keeps a
 * library consumer's install small). One error, naming the package and the command that installs it.
 */
import { createRequire } from 'node:module';

/**
 * A feature needs a package that is not installed. `code` is `ERR_MISSING_PACKAGE` (the CLI exits
 * 2, a setup problem the user can act on, with this one line).
 */
export class MissingPackageError extends Error {
  override readonly name = 'MissingPackageError';
  readonly code = 'ERR_MISSING_PACKAGE';
  constructor(readonly packageName: string, feature: string, options?: { cause?: unknown }) {
    super(`${feature} needs the optional package ${packageName}, which is not installed: npm install ${packageName}`, options);
  }
}

/** True when `error` says `name` itself could not be found (not a module it imports). */
function notFound(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(`'${name}'`);
}

/**
 * `require(name)`, synchronous, for a package with a CommonJS entry (`pg`). Resolved from this
 * file, so from the package's own place in the consumer's node_modules.
 *
 * @throws MissingPackageError naming `name` and what `feature` is, when it is not installed.
 */
export function requireOptional<T>(name: string, feature: string): T {
  try {
    return createRequire(import.meta.url)(name) as T;
  } catch (error) {
    if (notFound(error, name)) throw new MissingPackageError(name, feature, { cause: error });
    throw error;
  }
}

/**
 * `import(name)` for an ES-module package (`@viz-js/viz`).
 *
 * @throws MissingPackageError naming `name` and what `feature` is, when it is not installed.
 */
export async function importOptional<T>(name: string, feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (notFound(error, name)) throw new MissingPackageError(name, feature, { cause: error });
    throw error;
  }
}
