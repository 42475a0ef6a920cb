import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The parts of a build's `mf-manifest.json` the release checks read. */
export interface FederationManifest {
  name: string;
  metaData?: { buildInfo?: { buildVersion?: string } };
  shared?: Array<{ name: string; version?: string; requiredVersion?: string; singleton?: boolean }>;
  exposes?: Array<{ path?: string; name?: string }>;
}

/** `version.json`, written next to every build by webpack (create-app-config.cjs). */
export interface VersionStamp {
  name: string;
  version: string;
  builtAt?: string;
}

/** `release.json`, written by `publish` into the versioned folder for people to read; never trusted. */
export interface PublishRecord {
  remote: string;
  version: string;
  integrity: string;
  publishedAt: string;
  publishedBy: string;
}

export async function readJson<T>(file: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${file} is missing`);
    throw error;
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
}

/** The version a build says it is: its `version.json`, which must agree with its `mf-manifest.json`. */
export async function builtVersion(dir: string): Promise<string> {
  const stamp = await readJson<VersionStamp>(path.join(dir, 'version.json'));
  const manifest = await readJson<FederationManifest>(path.join(dir, 'mf-manifest.json'));
  const manifestVersion = manifest.metaData?.buildInfo?.buildVersion;
  if (!stamp.version) throw new Error(`${dir}/version.json has no version`);
  if (manifestVersion && manifestVersion !== stamp.version) {
    throw new Error(`${dir}: version.json says ${stamp.version} but mf-manifest.json says ${manifestVersion}`);
  }
  return stamp.version;
}
