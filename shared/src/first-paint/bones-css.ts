/**
 * The styles of the skeletons' vocabulary (bones.tsx), in the frame's style sheet
 * (`first-paint.css`, which the shell's build writes: webpack/first-paint/). Colours are the
 * Chakra tokens, read from the system style sheet the same page links, so the two cannot drift.
 */
export const BONES_CSS = `
/* The bones: grey shapes where text and controls will be, gently pulsing. */
.fp-bone {
  display: block;
  flex-shrink: 0;
  border-radius: 4px;
  background: var(--chakra-colors-bg-muted);
  animation: fp-pulse 1.6s ease-in-out infinite;
}
@keyframes fp-pulse {
  50% {
    opacity: 0.55;
  }
}
@media (prefers-reduced-motion: reduce) {
  .fp-bone {
    animation: none;
  }
}
.fp-card {
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 20px;
  border: 1px solid var(--chakra-colors-border);
  border-radius: 8px;
  background: var(--chakra-colors-bg-panel);
}
/* A page's heading (PageHeading: 2xl), a line of text, a figure. */
.fp-heading {
  width: 220px;
  max-width: 60%;
  height: 32px;
}
.fp-text {
  width: 60%;
  height: 16px;
}
.fp-figure {
  width: 40%;
  height: 36px;
}
/* A kept figure once filled (KeptFigure): the number itself, as the page's main figure is drawn. */
.fp-kept:not(:empty) {
  width: auto;
  height: auto;
  background: none;
  animation: none;
  font-size: 3rem;
  font-weight: 700;
  line-height: 1;
}
@media (min-width: 48em) {
  .fp-kept:not(:empty) {
    font-size: 3.75rem;
  }
}
.fp-kept-drawing {
  display: block;
}
.fp-kept-drawing svg {
  display: block;
  width: 100%;
  height: auto;
}
.fp-tall {
  height: 360px;
}
/* A column of a page's parts, 24 px apart (Chakra's gap 6), as its stacks are laid out. A remote
   deploys on its own: its builds from before fp-stack write the one-card page's old name. */
.fp-stack,
.fp-one-card-page {
  display: flex;
  flex-direction: column;
  gap: 24px;
}
`;
