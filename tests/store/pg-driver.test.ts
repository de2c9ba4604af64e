/**
 * `pg` is an optional peer: the store declares the part of its API it uses (pg-driver.ts) so the
 * published types need no `@types/pg`. Here the real driver (a devDependency) is checked against
 * that declaration, at compile time (the assignment) and at run time (what `loadPg` returns).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { importOptional, MissingPackageError, requireOptional } from '../../src/optional-package.js';
import { loadPg, type PgModule } from '../../src/store/postgres/pg-driver.js';

describe('the pg driver, loaded on first use', () => {
  it('is the real pg, which fits the declared shape', () => {
    const declared: PgModule = pg;
    expect(loadPg().Pool).toBe(declared.Pool);
    expect(loadPg().escapeIdentifier('a"b')).toBe('"a""b"');
  });
});

describe('a missing optional package', () => {
  it('is one error naming the package, the feature and the install command', async () => {
    const name = 'recovery-protocol-no-such-package';
    expect(() => requireOptional(name, 'The thing')).toThrow(`The thing needs the optional package ${name}, which is not installed: npm install ${name}`);
    const error = await importOptional(name, 'The thing', () => import(name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingPackageError);
    expect(error).toMatchObject({ code: 'ERR_MISSING_PACKAGE', packageName: name });
  });
});
