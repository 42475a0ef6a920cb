// `npm run release -- <command>`: per-remote releases on a deploy root (see release/README.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { currentActor } from './actor';
import { canary, history, pin, promote, rollback, status, type EnvOptions } from './commands';
import { CheckFailedError, UsageError, resolveRemote } from './deploy-layout';
import { RevisionConflictError } from './manifest-store';
import { PublishRefusedError, publish } from './publish';

const USAGE = `Usage: npm run release -- <command> [options]

Commands
  publish <remote> [--from <dir>]                 copy a build to <root>/<remote>/<version>/
  pin <remote> <version>                          make <version> the stable release
  canary <remote> <version> --percent <N>         give <version> to N % of members
  promote <remote>                                make the canary the stable release
  rollback <remote>                               back to the previous stable release
  status                                          what each remote serves in the environment
  history [<remote>]                              the audit log of the environment

Options
  --root <dir>            deploy root (default ./deploy)
  --env <name>            environment (default production)
  --base-url <url>        where browsers fetch <remote>'s versions (default: its preview origin)
  --if-revision <N>       write only if the manifest is still at revision N
  --shell-manifest <file> the shell's mf-manifest.json to check shared versions against
  --check-url             also fetch the candidate from its URL (manifest loads, entry intact)
  --json                  machine-readable output`;

const parsed = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string', default: 'deploy' },
    env: { type: 'string', default: 'production' },
    from: { type: 'string' },
    percent: { type: 'string' },
    'base-url': { type: 'string' },
    'if-revision': { type: 'string' },
    'shell-manifest': { type: 'string' },
    json: { type: 'boolean', default: false },
    'check-url': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const { values } = parsed;
const [command, ...args] = parsed.positionals;

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}.\n\n${USAGE}`);
  return value;
}

function print(human: string, data: unknown) {
  console.log(values.json ? JSON.stringify(data, null, 2) : human);
}

async function main() {
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (!/^[a-z0-9][a-z0-9-]*$/.test(values.env)) throw new UsageError(`Invalid environment name "${values.env}".`);
  const root = path.resolve(values.root);
  const options: EnvOptions = {
    root,
    env: values.env,
    actor: currentActor(),
    expectedRevision: values['if-revision'] === undefined ? undefined : Number(values['if-revision']),
    shellManifest: values['shell-manifest'],
    checkUrl: values['check-url'],
  };
  const baseUrl = values['base-url'];

  switch (command) {
    case 'publish': {
      const record = await publish({
        root,
        remote: resolveRemote(need(args[0], '<remote>')),
        actor: options.actor,
        from: values.from,
      });
      print(`Published ${record.remote} ${record.version} (${record.integrity})`, record);
      return;
    }
    case 'pin': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const manifest = await pin(options, remote, need(args[1], '<version>'), baseUrl);
      print(`${remote.pkg} ${args[1]} is stable in ${values.env} (revision ${manifest.revision})`, manifest);
      return;
    }
    case 'canary': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const percent = Number(need(values.percent, '--percent'));
      const manifest = await canary(options, remote, need(args[1], '<version>'), percent, baseUrl);
      print(
        `${remote.pkg} ${args[1]} is the canary for ${percent} % in ${values.env} (revision ${manifest.revision})`,
        manifest,
      );
      return;
    }
    case 'promote': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const manifest = await promote(options, remote);
      const version = manifest.remotes[remote.name]?.stable.version;
      print(`${remote.pkg} ${version} is stable in ${values.env} (revision ${manifest.revision})`, manifest);
      return;
    }
    case 'rollback': {
      const remote = resolveRemote(need(args[0], '<remote>'));
      const manifest = await rollback(options, remote);
      const version = manifest.remotes[remote.name]?.stable.version;
      print(`${remote.pkg} rolled back to ${version} in ${values.env} (revision ${manifest.revision})`, manifest);
      return;
    }
    case 'status': {
      const report = await status(root, values.env);
      const lines = Object.entries(report.remotes).map(([name, channels]) =>
        [
          `  ${name.padEnd(12)} stable ${channels?.stable}`,
          channels && 'canary' in channels ? `  canary ${channels.canary} (${channels.percent} %)` : '',
        ].join(''),
      );
      print(
        [
          `${report.environment} — revision ${report.revision}${report.updatedBy ? `, by ${report.updatedBy} at ${report.updatedAt}` : ''}`,
          ...(lines.length > 0 ? lines : ['  no remote released yet']),
        ].join('\n'),
        report,
      );
      return;
    }
    case 'history': {
      const entries = await history(root, values.env, args[0] ? resolveRemote(args[0]) : undefined);
      print(
        entries
          .map(
            (entry) =>
              `${entry.at}  ${entry.actor}  ${entry.action} ${entry.remote}  ${JSON.stringify(entry.from)} → ${JSON.stringify(entry.to)}`,
          )
          .join('\n') || 'No changes yet.',
        entries,
      );
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof CheckFailedError ||
    error instanceof RevisionConflictError ||
    error instanceof PublishRefusedError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
