export const SHIPPED_CONFIG: string;
export function findPrometheus(): string | null;
export function ensurePrometheus(): string;
export function writeConfiguration(dir: string, options: { targets: string[]; scrapeInterval?: string }): string;
export function startPrometheus(options: {
  port: number;
  host?: string;
  targets: string[];
  scrapeInterval?: string;
  quiet?: boolean;
}): Promise<{ url: string; dir: string; stop(): void }>;
export function startProjectPrometheus(options?: {
  scrapeInterval?: string;
}): Promise<{ url: string; dir: string; stop(): void } | null>;
