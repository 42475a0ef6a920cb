import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHIPPED_CONFIG, ensurePromtool, writeConfiguration } from './prometheus.mjs';

// The configuration as Prometheus is started with it, and the recording and alert rules' unit
// tests (telemetry/prometheus/rules.test.yml), through Debian's promtool.
const RULE_TESTS = path.join(path.dirname(SHIPPED_CONFIG), 'rules.test.yml');

function promtool(...args: string[]) {
  const run = spawnSync(ensurePromtool(), args, { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('the configuration Prometheus is started with, rule files beside it, passes promtool check config', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-prometheus-config-'));
  try {
    const file = writeConfiguration(dir, { targets: ['127.0.0.1:8090'], scrapeInterval: '1s' });
    const checked = promtool('check', 'config', file);
    expect(checked.output).toMatch(/SUCCESS/);
    // The rules were found and read, not skipped.
    expect(checked.output).toMatch(/rules\.yml[\s\S]*SUCCESS: \d+ rules found/);
    expect(checked.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the recording and alert rules pass their unit tests (promtool test rules)', () => {
  const tested = promtool('test', 'rules', RULE_TESTS);
  expect(tested.output).not.toMatch(/FAILED/);
  expect(tested.status).toBe(0);
});
