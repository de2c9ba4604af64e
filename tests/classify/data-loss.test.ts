/**
 * Commands that risk data loss are read from the command line before they run (issue 33, seed
 * 004 BLOCK_AND_ALERT): the risky ones are named, the everyday look-alikes are not.
 */
import { describe, expect, it } from 'vitest';
import { classify, dataLossRisk } from '../../src/classify/index.js';

describe('dataLossRisk (the command line, before it runs)', () => {
  it.each([
    [['rm', '-rf', '/'], 'rm -rf / (removes the root or home directory recursively)'],
    [['sudo', 'rm', '-r', '-f', '/*'], 'rm -r -f /* (removes the root or home directory recursively)'],
    [['rm', '-rf', '--no-preserve-root', '/'], 'rm --no-preserve-root (removes the root directory)'],
    [['sh', '-c', 'cd build && rm -Rf ~ ; echo done'], 'rm -rf ~ (removes the root or home directory recursively)'],
    [['bash', '-c', 'rm -rf "$HOME"'], 'rm -rf $home (removes the root or home directory recursively)'],
    [['mkfs.ext4', '/dev/sdb1'], 'mkfs.ext4 (erases a file system)'],
    [['/sbin/mkfs', '-t', 'xfs', '/dev/nvme0n1p2'], 'mkfs (erases a file system)'],
    [['dd', 'if=/dev/zero', 'of=/dev/sda', 'bs=1M'], 'dd of=/dev/sda (overwrites a disk)'],
    [['psql', '-c', 'DROP DATABASE production;'], 'drop database (drops a database)'],
    [['mysql', '-e', 'drop   schema shop'], 'drop schema (drops a database)'],
    [['dropdb', 'app'], 'dropdb (drops a database)'],
    [['mongosh', '--eval', 'db.dropDatabase()'], 'dropdatabase( (drops a database)'],
    [['git', 'push', '--force', 'origin', 'main'], 'git push --force to main (rewrites a protected branch)'],
    [['git', 'push', '-f', 'origin', 'HEAD:master'], 'git push --force to head:master (rewrites a protected branch)'],
    [['git', 'push', 'origin', '+release/1.2'], 'git push --force to release/1.2 (rewrites a protected branch)'],
    [['chmod', '-R', '777', '/'], 'chmod -R … / (changes every file of the system)'],
  ])('%j → %s', (argv, risk) => {
    expect(dataLossRisk(argv)).toBe(risk);
  });

  it.each([
    [['rm', '-rf', 'dist/']], [['rm', '-rf', './node_modules', '/tmp/build-cache']], [['rm', '/tmp/x']], [['rm', '-f', '/']],
    [['git', 'push', '--force', 'origin', 'feature/login']], [['git', 'push', '--force-with-lease', 'origin', 'main']], [['git', 'push', 'origin', 'main']],
    [['psql', '-c', 'DROP TABLE IF EXISTS tmp_rows']], [['npm', 'test']], [['dd', 'if=/dev/zero', 'of=disk.img', 'count=1']],
    [['echo', 'never run rm -rf / at home']], [['sh', '-c', 'grep -r "mkfs" docs/']], [[]],
  ])('%j is not a risk', (argv) => {
    expect(dataLossRisk(argv)).toBeNull();
  });

  it('a blocked command is classified SECURITY_VIOLATION (critical) from the failure the runtime reports', () => {
    const message = 'blocked before it ran: the command line risks data loss: rm -rf / (removes the root or home directory recursively)';
    expect(classify({ error: { name: 'DataLossRisk', type: 'SECURITY_VIOLATION', message } })).toMatchObject({ type: 'SECURITY_VIOLATION', severity: 'critical' });
  });
});
