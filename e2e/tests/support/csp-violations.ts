import type { BrowserContext, Page } from '@playwright/test';

/** One `securitypolicyviolation` event, as the page saw it. */
export interface CspViolation {
  id: string;
  /** The document whose policy was violated. */
  documentURI: string;
  /** e.g. `script-src-elem`, `connect-src`. */
  directive: string;
  /** A URL, or `inline` / `eval`. */
  blockedURI: string;
  source: string;
  sample: string;
}

export interface RecordedViolations {
  events: CspViolation[];
  /** Chromium's console reports of violations, in case one fires no event. */
  console: string[];
}

// "Executing inline script violates the following Content Security Policy directive …" (Chromium
// 14x); "Refused to load the script … because it violates …" (earlier versions).
const CONSOLE_REPORT = /^Refused to .*Content Security Policy|violates the following Content Security Policy/;

const BINDING = '__e2eReportCspViolation';
const IN_PAGE = '__e2eCspViolations';

/**
 * Runs in every document before its own scripts: keeps each violation in the page (read back
 * synchronously) and sends it to the test at once (survives the page navigating away).
 */
function recordViolations({ binding, inPage }: { binding: string; inPage: string }) {
  const list: CspViolation[] = [];
  const scope = window as unknown as Record<string, unknown>;
  scope[inPage] = list;
  window.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const violation: CspViolation = {
        id: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        documentURI: event.documentURI,
        directive: event.effectiveDirective || event.violatedDirective,
        blockedURI: event.blockedURI,
        source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '',
        sample: event.sample,
      };
      list.push(violation);
      const report = scope[binding];
      if (typeof report === 'function') void (report as (v: CspViolation) => Promise<void>)(violation);
    },
    true,
  );
}

export function describeViolation(violation: CspViolation): string {
  const where = violation.source ? ` at ${violation.source}` : '';
  const sample = violation.sample ? ` (${violation.sample})` : '';
  return `${violation.directive} blocked ${violation.blockedURI || '?'} on ${violation.documentURI}${where}${sample}`;
}

/**
 * Every Content-Security-Policy violation in the browser contexts it watches. One per worker, so
 * a context a spec opens itself (and keeps across serial tests) reports to the test running when
 * the violation happens.
 */
export class CspViolationLog {
  private readonly events = new Map<string, CspViolation>();
  private readonly taken = new Set<string>();
  private consoleReports: string[] = [];
  private readonly contexts = new Set<BrowserContext>();

  async watch(context: BrowserContext): Promise<void> {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    context.once('close', () => this.contexts.delete(context));
    context.on('console', (message) => {
      if (CONSOLE_REPORT.test(message.text())) {
        this.consoleReports.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
      }
    });
    await context.exposeBinding(BINDING, (_source, violation: CspViolation) => this.record(violation));
    await context.addInitScript(recordViolations, { binding: BINDING, inPage: IN_PAGE });
  }

  /** What has been recorded so far in every watched context, without forgetting it. */
  async peek(): Promise<RecordedViolations> {
    for (const context of this.contexts) {
      for (const page of context.pages()) {
        // Moved out of the page as it is read, so that each violation is recorded once.
        const inPage = await page
          .evaluate(
            (key) => (window as unknown as Record<string, CspViolation[] | undefined>)[key]?.splice(0) ?? [],
            IN_PAGE,
          )
          .catch(() => [] as CspViolation[]);
        inPage.forEach((violation) => this.record(violation));
      }
    }
    return { events: [...this.events.values()], console: [...this.consoleReports] };
  }

  /** What has been recorded so far in every watched context; forgets it. */
  async take(): Promise<RecordedViolations> {
    const recorded = await this.peek();
    recorded.events.forEach((violation) => this.taken.add(violation.id));
    this.events.clear();
    this.consoleReports = [];
    return recorded;
  }

  /** From the page or from the binding, whichever comes first; once. */
  private record(violation: CspViolation): void {
    if (!this.taken.has(violation.id)) this.events.set(violation.id, violation);
  }
}

/** Adds an inline script to the page, as an injection would: the pages' policy refuses to run it. */
export async function injectInlineScript(page: Page, code: string): Promise<void> {
  await page.evaluate((text) => {
    const script = document.createElement('script');
    script.textContent = text;
    document.head.append(script);
  }, code);
}
