/** The shell's own parts only: the page inside `main` belongs to a remote and its own tests. */
export const FRAME_ONLY = { exclude: ['main'] };
