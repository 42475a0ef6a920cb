import scene from './guest-scene.svg';

/**
 * The programme's picture beside the guest pages' forms on wide screens (docs/product/frame.md,
 * "Guest layout"): a hotel at dusk by its pool, in the brand's teal, drawn for the project. It
 * decorates, so assistive technology never meets it. Its box is first-paint.css's, the one the
 * HTML paints before any script (`.guest-scene` beside `.fp-scene`): the two cannot drift apart,
 * and no script carries its styles (decision 081). Below 1024 px the box is not shown and, the
 * picture being lazy, not downloaded: a phone's form stays alone above the fold.
 */
export function GuestScene() {
  return (
    <div className="guest-scene" aria-hidden="true">
      <img src={scene} alt="" width={800} height={1000} loading="lazy" fetchPriority="low" decoding="async" />
    </div>
  );
}
