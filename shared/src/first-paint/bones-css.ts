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
.fp-tall {
  height: 360px;
}
.fp-one-card-page {
  display: flex;
  flex-direction: column;
  gap: 24px;
}
`;
