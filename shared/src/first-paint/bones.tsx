import type { ReactNode } from 'react';

/**
 * The vocabulary of the first paint's skeletons: grey bones where text and controls will be, and
 * cards where the page's cards will be. The frame (the shell) and every remote's page skeletons
 * draw with it; their styles (`BONES_CSS`) come with the frame's style sheet, which every page of
 * the portal links before anything else. A skeleton is plain markup: it is rendered to HTML when
 * its app is built (webpack/first-paint/) and painted before any script has run.
 */
export function Bone({ shape }: { shape?: string }) {
  return <span className={shape ? `fp-bone ${shape}` : 'fp-bone'} />;
}

/** A card of the page, holding bones. */
export function BoneCard({ shape, children }: { shape?: string; children?: ReactNode }) {
  return <div className={shape ? `fp-card ${shape}` : 'fp-card'}>{children}</div>;
}

/** A page's heading: the one h1 every page starts with. */
export const HeadingBone = () => <Bone shape="fp-heading" />;

/**
 * A skeleton's own layout rules, beside its markup: written into the page with it, so the HTML
 * fragment the build renders carries everything its shape needs (the page's policy allows inline
 * styles, never inline scripts).
 */
export function SkeletonStyle({ css }: { css: string }) {
  // A constant of the skeleton's own module, never data.
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * A figure of the member's, painted before any script of the application has run, from the answer
 * the last visit kept on the device (shared/src/api/kept-answers.ts): a bone until then, and where
 * nothing was kept. The skeleton names the query and the answer's field; the page's first script
 * fills it (`fillKeptFigures`), and the application's first render replaces it with the live page,
 * which shows the same kept answer until the server's comes.
 */
export function KeptFigure({ query, field, shape }: { query: readonly unknown[]; field: string; shape?: string }) {
  return (
    <span
      className={shape ? `fp-bone fp-kept ${shape}` : 'fp-bone fp-kept'}
      data-kept-query={JSON.stringify(query)}
      data-kept-field={field}
    />
  );
}

/**
 * A drawing of the member's (the card's QR code and barcode), painted before any script of the
 * application has run from the one the page kept on its last load (`keepDrawing`), as its figures
 * are: empty until then, and where nothing was kept. Its box and colours are the skeleton's; the
 * drawing fills the box's width, or, `wholePixels` (a barcode's bars), is drawn at its own height
 * and widened by the widest whole number of pixels a unit that the box holds.
 */
export function KeptDrawing({ name, shape, wholePixels }: { name: string; shape?: string; wholePixels?: boolean }) {
  return (
    <span
      className={shape ? `fp-kept-drawing ${shape}` : 'fp-kept-drawing'}
      data-kept-drawing={name}
      data-kept-whole-pixels={wholePixels ? '' : undefined}
    />
  );
}

/** A page of one card under its heading: the shape of a page with nothing more particular to show. */
export function OneCardPageSkeleton() {
  return (
    <div className="fp-stack">
      <HeadingBone />
      <BoneCard shape="fp-tall">
        <Bone shape="fp-text" />
      </BoneCard>
    </div>
  );
}
