export interface BenchScenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}
export function benchScenarios(
  scenarios: BenchScenario[],
  options?: { connections?: number; duration?: number },
): Promise<void>;
