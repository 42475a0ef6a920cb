// `npm run lint:commits`: commitlint over every commit since the rule began (RULE_BEGAN), so that a
// message the commit-msg hook never saw (a commit made before `npm install`, or with --no-verify)
// still fails `npm test`. Outside a git checkout, or in a clone too shallow to hold RULE_BEGAN,
// there is no history to read: the check says so and passes.
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The main branch's last commit before the rule: older messages are history, not checked. */
export const RULE_BEGAN = '02a3887f652b88bf5220465131a11d6f014c4743';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const git = (cwd, args) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/**
 * Lints the messages of `from..HEAD` in the checkout at `cwd`: `{ outcome: 'passed' | 'failed' |
 * 'skipped', message, report }`, where `report` is commitlint's own output.
 */
export function lintCommitMessages({ cwd = repoRoot, from = RULE_BEGAN } = {}) {
  const inside = git(cwd, ['rev-parse', '--show-toplevel']);
  if (inside.error || inside.status !== 0) {
    return { outcome: 'skipped', message: 'not a git checkout, no commits to read', report: '' };
  }
  if (realpathSync(inside.stdout.trim()) !== realpathSync(cwd)) {
    return { outcome: 'skipped', message: `the checkout is ${inside.stdout.trim()}, not this project`, report: '' };
  }
  if (git(cwd, ['cat-file', '-e', `${from}^{commit}`]).status !== 0) {
    return { outcome: 'skipped', message: `${from.slice(0, 7)} is not in this clone (a shallow one?)`, report: '' };
  }
  if (git(cwd, ['merge-base', '--is-ancestor', from, 'HEAD']).status !== 0) {
    return { outcome: 'skipped', message: `HEAD does not descend from ${from.slice(0, 7)}`, report: '' };
  }
  const count = Number(git(cwd, ['rev-list', '--count', '--no-merges', `${from}..HEAD`]).stdout.trim());
  const commitlint = spawnSync(
    path.join(repoRoot, 'node_modules', '.bin', 'commitlint'),
    [
      ...['--cwd', cwd, '--config', path.join(repoRoot, 'commitlint.config.mjs')],
      // A merge records where branches met, whatever its message says: the commits merged are checked.
      ...['--from', from, '--to', 'HEAD', '--git-log-args=--no-merges'],
    ],
    { cwd, encoding: 'utf8' },
  );
  const report = `${commitlint.stdout ?? ''}${commitlint.stderr ?? ''}`.trim();
  if (commitlint.error) throw commitlint.error;
  return commitlint.status === 0
    ? { outcome: 'passed', message: `${count} commit(s) since ${from.slice(0, 7)} checked`, report }
    : { outcome: 'failed', message: `a commit message since ${from.slice(0, 7)} breaks the rules`, report };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { from: { type: 'string', default: RULE_BEGAN } } });
  const result = lintCommitMessages({ from: values.from });
  if (result.report) console.log(result.report);
  const line = `commit messages: ${result.outcome}, ${result.message}`;
  if (result.outcome === 'skipped') console.warn(`⚠ ${line}`);
  else console.log(line);
  process.exit(result.outcome === 'failed' ? 1 : 0);
}
