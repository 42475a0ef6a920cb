import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error';

/**
 * A file of the page's own build that a call needed (the API layer, the HTTP client) could not be
 * loaded: a release took it away, or the network failed. To code that knows no better it is a call
 * that got no answer (status 0, the generic text).
 */
export class CodeNotLoadedError extends ApiError {
  constructor() {
    super(0, GENERIC_ERROR_MESSAGE);
  }
}

/** What the bundler throws when a chunk (script or style sheet) could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || (error as Error & { code?: unknown }).code === 'CSS_CHUNK_LOAD_FAILED';
}

/** Who tells the member what comes of a file that did not load: the shell's update notice. */
let teller: (() => boolean) | undefined;

/**
 * The shell takes over telling of files that did not load: `takesOver` answers whether it does
 * now (it can look for a new version). Gives back what ends it.
 */
export function tellOfCodeNotLoaded(takesOver: () => boolean): () => void {
  teller = takesOver;
  return () => {
    if (teller === takesOver) teller = undefined;
  };
}

/**
 * Whether the page already tells the member of `error` (decision 068): a file of its build that
 * did not load (a call's, or a chunk the action imported), taken over by the shell's notice. A form
 * then shows no message of its own, what was typed stays, and the notice says what comes next.
 */
export function toldElsewhere(error: unknown): boolean {
  return (error instanceof CodeNotLoadedError || isChunkLoadError(error)) && teller?.() === true;
}
