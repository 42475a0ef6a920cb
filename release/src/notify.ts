import * as v from 'valibot';
import { HttpUrlSchema, SettingsError, readEnvironmentSettings } from './environment-settings';

/**
 * Webhook notifications of a canary's end (rolled back, held, promoted), in the JSON Slack's
 * incoming webhooks take (`text`, with `blocks` for the layout), which Mattermost, Rocket.Chat and
 * most chat relays take too. A notification is a courtesy: it never fails the release command.
 */

/** How long a webhook has to answer: a release command waits no longer than this for it. */
export const NOTIFY_TIMEOUT_MS = 5_000;

/** Overrides the settings file's webhook (CI, or a person trying one out). */
export const WEBHOOK_VARIABLE = 'RELEASE_WEBHOOK_URL';

export type ReleaseEventKind = 'rolled-back' | 'held' | 'promoted';

export interface ReleaseEvent {
  kind: ReleaseEventKind;
  /** The remote's package name, `mf-points`. */
  remote: string;
  /** The canary's version. */
  version: string;
  /** The stable version beside it: the one members return to, or the one it replaced. */
  stable?: string;
  /** The canary's share of members when it ended. */
  percent?: number;
  reason: string;
  /** ISO time of the change. */
  at: string;
  actor: string;
}

export type NotifyOutcome =
  | { status: 'sent'; webhook: string }
  | { status: 'not-configured' }
  | { status: 'failed'; webhook?: string; error: string };

async function webhookFor(root: string, env: string): Promise<string | undefined> {
  const override = process.env[WEBHOOK_VARIABLE];
  if (override) {
    const parsed = v.safeParse(HttpUrlSchema, override);
    if (!parsed.success) throw new SettingsError(`${WEBHOOK_VARIABLE} ${parsed.issues[0].message}`);
    return parsed.output;
  }
  return (await readEnvironmentSettings(root, env)).notify?.webhook;
}

/**
 * Where a webhook points, for messages and the audit log: its origin only. The path of a Slack
 * webhook is its secret.
 */
const shown = (webhook: string) => new URL(webhook).origin;

/** Slack's mrkdwn takes `&`, `<` and `>` as markup: a reason's own are escaped. */
const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The message: one line of text (what notifications and older clients show), and its blocks. */
export function releaseMessage(env: string, event: ReleaseEvent) {
  const release = `${event.remote} ${event.version}`;
  const share = event.percent === undefined ? '' : ` at ${event.percent} %`;
  const headline = {
    'rolled-back': `:rotating_light: ${release} rolled back in ${env}${share}${event.stable ? `: every member is on ${event.stable} again` : ''}`,
    held: `:pause_button: ${release} held in ${env}${share}: decide by hand (promote or rollback-canary)`,
    promoted: `:white_check_mark: ${release} promoted to stable in ${env}${event.stable ? ` (was ${event.stable})` : ''}`,
  }[event.kind];
  const text = `${escapeMrkdwn(headline)}. ${escapeMrkdwn(event.reason)}`;
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: escapeMrkdwn(`${event.actor} · ${event.at} · ${event.kind}`) }],
      },
    ],
  };
}

/**
 * Posts `event` to the environment's webhook (`RELEASE_WEBHOOK_URL`, else `notify.webhook` of
 * `<root>/manifests/<env>.settings.json`), waiting `timeoutMs` at most. Nothing is sent when
 * neither names one. Never throws: a failure is written to stderr and returned, for the caller's
 * audit log.
 */
export async function notifyRelease(
  root: string,
  env: string,
  event: ReleaseEvent,
  { timeoutMs = NOTIFY_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<NotifyOutcome> {
  let webhook: string | undefined;
  try {
    webhook = await webhookFor(root, env);
    if (!webhook) return { status: 'not-configured' };
    const answer = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(releaseMessage(env, event)),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    // Read whole, so that the connection is released.
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
    return { status: 'sent', webhook: shown(webhook) };
  } catch (error) {
    const cause = error as Error;
    const why =
      cause.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : cause.message === 'fetch failed' && cause.cause instanceof Error
          ? cause.cause.message
          : cause.message;
    const where = webhook ? ` to ${shown(webhook)}` : '';
    const message = `The ${event.kind} notification of ${event.remote} ${event.version}${where} was not sent: ${why}`;
    process.stderr.write(`${message}\n`);
    return { status: 'failed', ...(webhook ? { webhook: shown(webhook) } : {}), error: message };
  }
}
