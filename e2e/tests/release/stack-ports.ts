import apps from '../../../scripts/lib/apps.cjs';

/**
 * Portals of their own for the release journeys: the preview (nginx) in deploy-root mode on five
 * ports of its own, with its own mock API and environment, so these tests change releases without
 * touching what the other specs run against. Two sites, so the two release suites run side by side:
 * - `releases` (per-remote-releases.spec.ts): the five ports after the shell's (12084… for
 *   SHELL_PORT 12080), environment `e2e`;
 * - `canary` (canary-analysis.spec.ts): SHELL_PORT + 20 to + 24, clear of the telemetry receiver's
 *   and Prometheus's defaults, environment `e2e-canary`: its figures never mix with the other's.
 */
export type StackSiteName = 'releases' | 'canary';

export interface StackSite {
  ports: {
    SHELL_PORT: number;
    MF_AUTH_PORT: number;
    MF_POINTS_PORT: number;
    MF_PROFILE_PORT: number;
    API_PORT: number;
  };
  /** The site's shell origin, where members open the portal. */
  shell: string;
  /** The site's own mock API (unless a stack shares the suite's). */
  api: string;
  environment: string;
}

const FIRST_PORT: Record<StackSiteName, number> = { releases: 4, canary: 20 };
const ENVIRONMENTS: Record<StackSiteName, string> = { releases: 'e2e', canary: 'e2e-canary' };

export function stackSite(name: StackSiteName): StackSite {
  const base = Number(process.env.SHELL_PORT || 8080) + FIRST_PORT[name];
  const ports = {
    SHELL_PORT: base,
    MF_AUTH_PORT: base + 1,
    MF_POINTS_PORT: base + 2,
    MF_PROFILE_PORT: base + 3,
    API_PORT: base + 4,
  };
  return {
    ports,
    shell: apps.edgeOriginAt(ports.SHELL_PORT),
    api: apps.originAt(ports.API_PORT),
    environment: ENVIRONMENTS[name],
  };
}

const releases = stackSite('releases');
export const STACK_PORTS = releases.ports;
export const SHELL = releases.shell;
export const API = releases.api;
export const ENVIRONMENT = releases.environment;
