import type { ChildProcess } from 'node:child_process';

export interface StartedPrometheus {
  child: ChildProcess;
  url: string;
  /** The temporary folder of its configuration, removed at stop. */
  dir: string;
  /** Where its data goes: the caller's `dataDir`, or a folder inside `dir`. */
  dataDir: string;
  stop(): void;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
}

export const SHIPPED_CONFIG: string;
export function findPrometheus(): string | null;
export function findPromtool(): string | null;
export function ensurePrometheus(): string;
export function ensurePromtool(): string;
export function prometheusDataDir(deployRoot: string): string;
export function writeConfiguration(dir: string, options: { targets: string[]; scrapeInterval?: string }): string;
export function startPrometheus(options: {
  port: number;
  host?: string;
  targets: string[];
  scrapeInterval?: string;
  /** Kept at stop, created when missing; a temporary folder when not given. */
  dataDir?: string;
  quiet?: boolean;
}): Promise<StartedPrometheus>;
export function startProjectPrometheus(options?: {
  scrapeInterval?: string;
  /** The deploy root the preview serves: the data is kept under `<deployRoot>/prometheus/data`. */
  deployRoot?: string;
}): Promise<StartedPrometheus | null>;
