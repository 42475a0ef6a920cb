import { readFileSync } from 'node:fs';
import { DEFAULT_ANALYSIS_FILE, parseAnalysis, type CheckConfig } from '../analysis-config';

/** The shipped analysis file's checks by name: tests take their series and set their own thresholds. */
export const SHIPPED: Record<string, CheckConfig> = Object.fromEntries(
  parseAnalysis(JSON.parse(readFileSync(DEFAULT_ANALYSIS_FILE, 'utf8')), DEFAULT_ANALYSIS_FILE).checks.map((check) => [
    check.name,
    check,
  ]),
);
