import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for an outcome, not a duration: Testing Library's default second
// is short of a first render of a page's code on a busy two-core machine running tests side by
// side. Waiting longer changes no assertion: a test that fails still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// The toaster subscribes to its store from an effect after mount; React reports that update as
// "not wrapped in act" although no test drives it. Only that one message is silenced.
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (text.includes('inside a test was not wrapped in act') && /\bToaster\b/.test(text)) return;
  reportError(...args);
};

// jsdom has no ResizeObserver; floating-ui, which places menus and popovers, watches their anchor
// with one. jsdom lays nothing out, so there is never a resize to report.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
