import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lintCommitMessages } from './commit-messages.mjs';
import { HOOKS_PATH, installGitHooks } from '../run/git-hooks.mjs';

const repoRoot = path.resolve(__dirname, '../..');

// Each scratch repository reads no one's git configuration but its own.
const gitEnvironment = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};
const savedEnvironment = { ...process.env };
beforeAll(() => Object.assign(process.env, gitEnvironment));
afterAll(() => {
  for (const key of Object.keys(gitEnvironment)) delete process.env[key];
  Object.assign(process.env, savedEnvironment);
});

const scratch: string[] = [];
afterAll(() => {
  for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
});

function folder() {
  const made = realpathSync(mkdtempSync(path.join(tmpdir(), 'commit-messages-')));
  scratch.push(made);
  return made;
}

function git(cwd: string, ...args: string[]) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: gitEnvironment });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A repository with one commit, the rule's start: its hash. */
function repository() {
  const cwd = folder();
  git(cwd, 'init', '--quiet', '--initial-branch=main');
  const from = commit(cwd, 'Start\n\nThe history before the rule.');
  return { cwd, from };
}

let counter = 0;
function commit(cwd: string, message: string, { check = false } = {}) {
  counter += 1;
  writeFileSync(path.join(cwd, `file-${counter}.txt`), `${counter}\n`);
  git(cwd, 'add', '.');
  const made = git(cwd, 'commit', '--quiet', ...(check ? [] : ['--no-verify']), '-m', message);
  return made.status === 0 ? git(cwd, 'rev-parse', 'HEAD').output.trim() : made.output;
}

const LONG_SUBJECT = `A subject that goes on and on well past the seventy-two characters a log shows`;

describe('the commit messages since the rule began', () => {
  test('pass with short subjects and a body each; merge commits, whatever they say, are left alone', () => {
    const { cwd, from } = repository();
    commit(cwd, 'Points: a short subject\n\nThe body says why.');
    git(cwd, 'checkout', '--quiet', '-b', 'side');
    commit(cwd, 'Side: another change\n\nWhy it was made.');
    git(cwd, 'checkout', '--quiet', 'main');
    commit(cwd, 'Main: a change meanwhile\n\nWhy it was made.');
    expect(git(cwd, 'merge', '--no-ff', '--quiet', '-m', 'Side branch in', 'side').status).toBe(0);
    expect(lintCommitMessages({ cwd, from })).toMatchObject({ outcome: 'passed' });
  });

  test('fail on a subject over 72 characters', () => {
    const { cwd, from } = repository();
    commit(cwd, `${LONG_SUBJECT}\n\nThe body says why.`);
    const result = lintCommitMessages({ cwd, from });
    expect(result.outcome).toBe('failed');
    expect(result.report).toContain('header-max-length');
  });

  test('fail on a message with no body', () => {
    const { cwd, from } = repository();
    commit(cwd, 'Points: a subject alone');
    const result = lintCommitMessages({ cwd, from });
    expect(result.outcome).toBe('failed');
    expect(result.report).toContain('body-empty');
  });

  test('leave the history before the rule unread', () => {
    const cwd = folder();
    git(cwd, 'init', '--quiet', '--initial-branch=main');
    commit(cwd, LONG_SUBJECT);
    const from = commit(cwd, 'Start\n\nThe rule begins here.');
    commit(cwd, 'Points: after the rule\n\nThe body says why.');
    expect(lintCommitMessages({ cwd, from })).toMatchObject({ outcome: 'passed' });
  });

  test('are skipped, not failed, outside a git checkout or without the start commit', () => {
    expect(lintCommitMessages({ cwd: folder() })).toMatchObject({ outcome: 'skipped' });
    const { cwd } = repository();
    expect(lintCommitMessages({ cwd, from: '0123456789abcdef0123456789abcdef01234567' })).toMatchObject({
      outcome: 'skipped',
    });
  });
});

describe('the commit-msg hook', () => {
  test('refuses a long subject or a missing body, and lets a good message through', () => {
    const { cwd } = repository();
    git(cwd, 'config', 'core.hooksPath', path.join(repoRoot, HOOKS_PATH));
    expect(commit(cwd, `${LONG_SUBJECT}\n\nThe body says why.`, { check: true })).toContain('header-max-length');
    expect(commit(cwd, 'Points: a subject alone', { check: true })).toContain('body-empty');
    expect(commit(cwd, 'Points: a short subject\n\nThe body says why.', { check: true })).toMatch(/^[0-9a-f]{40}$/);
  });

  test('lets a merge through, whatever its message says', () => {
    const { cwd } = repository();
    git(cwd, 'config', 'core.hooksPath', path.join(repoRoot, HOOKS_PATH));
    git(cwd, 'checkout', '--quiet', '-b', 'side');
    commit(cwd, 'Side: a change\n\nWhy it was made.');
    git(cwd, 'checkout', '--quiet', 'main');
    commit(cwd, 'Main: a change meanwhile\n\nWhy it was made.');
    const merged = git(cwd, 'merge', '--no-ff', '-m', 'Side branch in', 'side');
    expect(merged.output).not.toContain('body-empty');
    expect(merged.status).toBe(0);
  });

  test('is turned on by the install in a checkout, and nowhere else', () => {
    expect(installGitHooks(folder())).toMatch(/not a git checkout/);

    const { cwd } = repository();
    expect(installGitHooks(cwd)).toMatch(/git hooks on/);
    expect(git(cwd, 'config', '--get', 'core.hooksPath').output.trim()).toBe(HOOKS_PATH);
    expect(installGitHooks(cwd)).toMatch(/already on/);

    const other = repository().cwd;
    git(other, 'config', 'core.hooksPath', '.husky');
    expect(installGitHooks(other)).toMatch(/left as it is/);
    expect(git(other, 'config', '--get', 'core.hooksPath').output.trim()).toBe('.husky');
  });
});
