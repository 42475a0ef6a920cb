// The valibot functions the remotes build their form schemas with, exported as `v` from
// `@loyalty/shared/validation`. A remote that imports valibot itself ships a copy of it in its own
// chunks (docs/performance.md, "Behind the code"); these come from the shell's entry, where the
// shared schemas already use them. A shared module is kept whole, so the list holds only what is
// used: a remote needing another function adds it here.
export { boolean, maxValue, nonEmpty, object, parse, pipe, safeParse, string } from 'valibot';
export type { InferInput, InferOutput } from 'valibot';
