import { Bone, PORTAL_NAME } from '@loyalty/shared/first-paint';
import { LogoMark } from '../layouts/logo-mark';

/** The frames a page is drawn in: the signed-in member's, or the guest pages' (sign-in, sign-up). */
export type Frame = 'dashboard' | 'auth';
export const FRAMES: readonly Frame[] = ['dashboard', 'auth'];

function Logo() {
  return (
    <span className="fp-logo">
      <span className="fp-mark">
        <LogoMark />
      </span>
      <span className="fp-name">{PORTAL_NAME}</span>
    </span>
  );
}

const NavItems = () => (
  <>
    {[1, 2, 3, 4, 5].map((item) => (
      <Bone key={item} shape="fp-nav-item" />
    ))}
  </>
);

/**
 * The frame of the first paint: the header, the navigation as each layout places it, and in the
 * content area one page skeleton per frame (`pages`, HTML: the remote's, which the edge writes into
 * the page it serves, decision 064). first-paint.css shows the frame and the skeleton
 * theme-init.js named (`data-first-paint`). The shell's build renders this to the HTML of
 * index.html (webpack/first-paint/), and React draws it while the page starts, so the two are one.
 */
export function FrameMarkup({ pages }: { pages: Partial<Record<Frame, string>> }) {
  return (
    <div className="first-paint" aria-hidden="true">
      <div className="fp-sidebar">
        <Logo />
        <NavItems />
      </div>
      <div className="fp-column">
        <div className="fp-header">
          <Bone shape="fp-control fp-menu" />
          <Logo />
          <span className="fp-spacer" />
          <Bone shape="fp-chip" />
          <Bone shape="fp-control fp-select" />
          <Bone shape="fp-control fp-member" />
          <Bone shape="fp-control fp-member fp-account" />
        </div>
        <div className="fp-navbar">
          <NavItems />
        </div>
        <div className="fp-main">
          {FRAMES.map((frame) => (
            // The remote's skeleton, as its build rendered it: markup of this portal's own builds.
            <div
              key={frame}
              className="fp-page"
              data-frame={frame}
              dangerouslySetInnerHTML={{ __html: pages[frame] ?? '' }}
            />
          ))}
          {/* The guest layout's picture box from 1024 px (guest-scene.tsx), in its colour before
              the picture comes. */}
          <div className="fp-scene" />
        </div>
      </div>
    </div>
  );
}
