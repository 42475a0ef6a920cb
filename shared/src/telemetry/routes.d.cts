declare const routes: {
  /** The prefix the shell's origin passes on to the receiver: `/telemetry/`. */
  TELEMETRY_PATH: '/telemetry/';
  /** The receiver's routes: members' report batches, CSP violation reports, reporter passes. */
  TELEMETRY_ROUTES: Readonly<{ reports: string; csp: string; pass: string }>;
};
export = routes;
