// lowdb 1 (json-server 0.17's store), json-server and autocannon ship no types; these declare what we use.
declare module 'lowdb' {
  export interface SyncAdapter<TState> {
    read(): TState;
    write(state: TState): void;
  }
  export interface LowdbSync<TState> {
    getState(): TState;
    setState(state: TState): LowdbSync<TState>;
    read(): TState;
    write(): TState;
  }
  function low<TState>(adapter: SyncAdapter<TState>): LowdbSync<TState>;
  export default low;
}

declare module 'json-server' {
  import type { Express } from 'express';
  /** An Express application with json-server's settings. */
  export function create(): Express;
}

declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
