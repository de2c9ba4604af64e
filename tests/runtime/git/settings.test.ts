import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_IGNORED_BYTES, DEFAULT_SKIPPED_IGNORED } from '../../../src/runtime/git/budget.js';
import { excludedInside, gitRollbackSettings } from '../../../src/runtime/git/settings.js';

describe('gitRollbackSettings', () => {
  it('applies the defaults once: nothing excluded, 100 MiB of ignored files, the usual skip list', () => {
    expect(gitRollbackSettings('/repo')).toEqual({ exclude: [], maxIgnoredBytes: DEFAULT_MAX_IGNORED_BYTES, skipIgnored: DEFAULT_SKIPPED_IGNORED });
    expect(gitRollbackSettings('/repo', { budget: {} })).toEqual(gitRollbackSettings('/repo'));
  });

  it('keeps what the options say, 0 bytes and an empty skip list included', () => {
    expect(gitRollbackSettings('/repo', { budget: { maxIgnoredBytes: 0, skipIgnored: [] } })).toEqual({ exclude: [], maxIgnoredBytes: 0, skipIgnored: [] });
    expect(gitRollbackSettings('/repo', { budget: { skipIgnored: ['dist'] } }).skipIgnored).toEqual(['dist']);
  });

  it('makes an excluded path absolute against the top level, and leaves an absolute one as it is', () => {
    expect(gitRollbackSettings('/repo', { exclude: ['.recovery', '/elsewhere/store'] }).exclude).toEqual([join('/repo', '.recovery'), '/elsewhere/store']);
  });
});

describe('excludedInside', () => {
  it.each([
    ['/repo', ['/repo/.recovery'], ['.recovery']],
    ['/repo', ['/repo/a/b', '/outside', '/repo'], ['a/b']],
    ['/repo/sub', ['/repo/.recovery', '/repo/sub/cache'], ['cache']],
  ])('in %s of %j is %j', (top, exclude, inside) => {
    expect(excludedInside(top, { exclude })).toEqual(inside);
  });

  it('names, for a submodule, what its top level excluded inside it (relative paths resolved against the top level)', () => {
    const settings = gitRollbackSettings('/repo', { exclude: ['sub/store'] });
    expect(excludedInside('/repo/sub', settings)).toEqual(['store']);
    expect(excludedInside('/repo', settings)).toEqual(['sub/store']);
  });

  it('never names a path outside the top level nor the top level itself', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z./]{0,12}$/), { maxLength: 6 }), (paths) => {
      for (const rel of excludedInside('/repo', gitRollbackSettings('/repo', { exclude: paths }))) {
        expect(rel === '' || rel.startsWith('..') || rel.startsWith('/')).toBe(false);
      }
    }));
  });
});
