import apps from '../../../scripts/lib/apps.cjs';

/**
 * A portal of its own for the release journeys: the preview (nginx) in deploy-root mode on the
 * five ports after the shell's (12084… for SHELL_PORT 12080), with its own mock API, so these
 * tests can change releases without touching what the other specs run against.
 */
const base = Number(process.env.SHELL_PORT || 8080) + 4;
export const STACK_PORTS = {
  SHELL_PORT: base,
  MF_AUTH_PORT: base + 1,
  MF_POINTS_PORT: base + 2,
  MF_PROFILE_PORT: base + 3,
  API_PORT: base + 4,
};
export const SHELL = apps.edgeOriginAt(STACK_PORTS.SHELL_PORT);
export const API = apps.originAt(STACK_PORTS.API_PORT);
export const ENVIRONMENT = 'e2e';
