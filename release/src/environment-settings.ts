import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { manifestsDir } from './deploy-layout';

/** An http(s) address a setting names: a webhook, an edge's origin. */
export const HttpUrlSchema = v.pipe(
  v.string(),
  v.url('is not a URL'),
  v.regex(/^https?:\/\//i, 'must be an http(s) URL'),
);

/** `<root>/manifests/<env>.settings.json`: an environment's settings beside its manifest. */
export const EnvironmentSettingsSchema = v.object({
  notify: v.optional(v.object({ webhook: v.optional(HttpUrlSchema) })),
  /** The origin of the edge serving the environment: release commands wait until it serves what they wrote. */
  edge: v.optional(v.object({ origin: v.optional(HttpUrlSchema) })),
});
export type EnvironmentSettings = v.InferOutput<typeof EnvironmentSettingsSchema>;

export const settingsPath = (root: string, env: string) => path.join(manifestsDir(root), `${env}.settings.json`);

/** Settings a courtesy (a notification, the wait for the edge) cannot go on with: said, never thrown at the command. */
export class SettingsError extends Error {}

/** The environment's settings; none when it has no settings file. */
export async function readEnvironmentSettings(root: string, env: string): Promise<EnvironmentSettings> {
  const file = settingsPath(root, env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SettingsError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = v.safeParse(EnvironmentSettingsSchema, json);
  if (!parsed.success) throw new SettingsError(`${file} is not valid settings: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}
