import apps from '../../../scripts/lib/apps.cjs';

/**
 * Portals of their own for the release journeys: the preview (nginx) in deploy-root mode on ports
 * of its own (the shell's, each remote's of the registry, the API's), with its own mock API and
 * environment, so these tests change releases without touching what the other specs run against.
 * Two sites, so the two release suites run side by side:
 * - `releases` (per-remote-releases.spec.ts): from 4 ports after the shell's (12084… for
 *   SHELL_PORT 12080), environment `e2e`;
 * - `canary` (canary-analysis.spec.ts): from SHELL_PORT + 20, environment `e2e-canary`: its
 *   figures never mix with the other's.
 * Each passes over the suite's own ports and the other site's (apps.stackPorts), however many
 * remotes the registry lists.
 */
export type StackSiteName = 'releases' | 'canary';

export interface StackSite {
  /** Each server's port by the variable that moves it: SHELL_PORT, each remote's, API_PORT. */
  ports: ReturnType<typeof apps.stackPorts>;
  /** The site's shell origin, where members open the portal. */
  shell: string;
  /** The site's own mock API (unless a stack shares the suite's). */
  api: string;
  environment: string;
}

const FIRST_PORT: Record<StackSiteName, number> = { releases: 4, canary: 20 };
const ENVIRONMENTS: Record<StackSiteName, string> = { releases: 'e2e', canary: 'e2e-canary' };

function portsOf(name: StackSiteName): StackSite['ports'] {
  const releases = apps.stackPorts(FIRST_PORT.releases);
  return name === 'releases' ? releases : apps.stackPorts(FIRST_PORT[name], Object.values(releases));
}

export function stackSite(name: StackSiteName): StackSite {
  const ports = portsOf(name);
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
