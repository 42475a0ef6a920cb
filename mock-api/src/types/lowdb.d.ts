// lowdb 1 (json-server 0.17's store) ships no types; this declares the part the mock API uses.
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
