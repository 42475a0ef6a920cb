// Where the edge writes a remote's page skeleton into the shell's page (decision 064): one slot in
// each frame's content area of index.html, an nginx server-side include of the skeleton the edge's
// configuration names for the path served (scripts/edge/first-paint.mjs). Served by anything else
// (the development server), a slot is an HTML comment, and the page paints its frame alone.

/** The frames of the first paint: the signed-in member's and the guest pages' (frame-markup.tsx). */
const FIRST_PAINT_FRAMES = Object.freeze({ member: 'dashboard', guest: 'auth' });

/** The nginx variable holding the internal address of `frame`'s skeleton for the path served. */
const slotVariable = (frame) => `first_paint_${frame}`;

/** The slot of `frame`: includes the skeleton when the path has one, nothing otherwise. */
const slotDirective = (frame) => {
  const variable = `$${slotVariable(frame)}`;
  return `<!--# if expr="${variable}" --><!--# include virtual="${variable}" --><!--# endif -->`;
};

module.exports = { FIRST_PAINT_FRAMES, slotVariable, slotDirective };
