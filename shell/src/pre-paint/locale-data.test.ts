import { fakeToken } from '@loyalty/shared/testing';
import { builtPrePaintScript } from './testing/built-script';

// theme-init.js starts locale-data.js as a worker on a signed-in member's page, so the browser's
// locale data loads off the main thread. jsdom runs neither workers nor fetched scripts: the
// pre-paint script runs here against a recording Worker, and the worker's script against a stand-in
// of a worker's global scope.
const PRE_PAINT_SCRIPT = builtPrePaintScript('theme-init');
const WORKER_SCRIPT = builtPrePaintScript('locale-data');

interface Started {
  url: string;
  messages: unknown[];
}

function withRecordingWorker(): Started[] {
  const started: Started[] = [];
  class RecordingWorker {
    private readonly record: Started;
    constructor(url: string) {
      this.record = { url, messages: [] };
      started.push(this.record);
    }
    postMessage(message: unknown) {
      this.record.messages.push(message);
    }
  }
  Object.assign(window, { Worker: RecordingWorker });
  return started;
}

function runPrePaintScript(pathname: string) {
  window.history.pushState({}, '', pathname);
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  (0, eval)(PRE_PAINT_SCRIPT);
}

afterEach(() => {
  Reflect.deleteProperty(window, 'Worker');
  sessionStorage.clear();
  localStorage.clear();
  window.history.pushState({}, '', '/');
});

describe('theme-init and the locale data', () => {
  it("starts the worker on a signed-in member's page, with the locale of the member's language", () => {
    const started = withRecordingWorker();
    sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 3600));
    localStorage.setItem('i18nextLng', 'de');
    runPrePaintScript('/dashboard/transactions');
    expect(started).toEqual([{ url: '/locale-data.js', messages: ['de-DE'] }]);
  });

  it('starts none for a guest, nor for a session whose token has expired', () => {
    const started = withRecordingWorker();
    runPrePaintScript('/auth/login');
    sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) - 10));
    runPrePaintScript('/dashboard');
    expect(started).toEqual([]);
  });

  it('paints as before where no worker can start', () => {
    Object.assign(window, {
      Worker: class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    });
    sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 3600));
    expect(() => runPrePaintScript('/dashboard')).not.toThrow();
    expect(document.documentElement.dataset.firstPaint).toBe('dashboard');
    expect(document.head.querySelector('script[src="/start-up-requests.js"]')).not.toBeNull();
  });
});

describe('the locale-data worker', () => {
  /** Runs the worker's script in a stand-in global scope and sends it `message`. */
  function runWorker(message: unknown, intl: typeof Intl = Intl) {
    // The script assigns `onmessage` and calls `close()` as a worker's globals (the property must
    // exist for `with` to take the assignment).
    const scope: { onmessage?: (event: { data: unknown }) => void; close: jest.Mock } = {
      onmessage: undefined,
      close: jest.fn(),
    };
    new Function('self', 'Intl', `with (self) { ${WORKER_SCRIPT} }`)(scope, intl);
    let thrown: unknown;
    try {
      scope.onmessage!({ data: message });
    } catch (error) {
      thrown = error;
    }
    return { closed: scope.close.mock.calls.length, thrown };
  }

  it("builds the member's formatters, then ends itself", () => {
    const built: string[] = [];
    const recording = {
      Locale: class extends Intl.Locale {
        constructor(tag: string) {
          super(tag);
          built.push(`Locale ${tag}`);
        }
      },
      NumberFormat: class extends Intl.NumberFormat {
        constructor(locale: string) {
          super(locale);
          built.push(`NumberFormat ${locale}`);
        }
      },
      DateTimeFormat: class extends Intl.DateTimeFormat {
        constructor(locale: string, options: Intl.DateTimeFormatOptions) {
          super(locale, options);
          built.push(`DateTimeFormat ${locale}`);
        }
      },
    } as unknown as typeof Intl;
    expect(runWorker('de-DE', recording)).toEqual({ closed: 1, thrown: undefined });
    expect(built).toEqual(['Locale de-DE', 'NumberFormat de-DE', 'DateTimeFormat de-DE']);
    built.length = 0;
    runWorker('</script>', recording);
    expect(built).toEqual(['Locale en-GB', 'NumberFormat en-GB', 'DateTimeFormat en-GB']);
  });

  it("takes anything else than a portal language's locale for English, and ends itself even if Intl fails", () => {
    for (const message of ['</script>', 'de-DE-x-very-long', 42, null]) {
      expect(runWorker(message)).toEqual({ closed: 1, thrown: undefined });
    }
    const broken = {
      Locale: class {
        constructor() {
          throw new RangeError('no locale data');
        }
      },
    } as unknown as typeof Intl;
    expect(runWorker('fr', broken)).toEqual({ closed: 1, thrown: expect.any(RangeError) });
  });
});
