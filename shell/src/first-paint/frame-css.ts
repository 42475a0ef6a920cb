/**
 * The styles of the first paint's frame (frame-markup.tsx): the second part of 'first-paint.css',
 * after the bones' styles, written by the shell's build (webpack/first-paint/).
 */
export const FRAME_CSS = `
/* The layout's frame, painted by the HTML itself, so a member on a slow phone sees the portal at
   the first paint rather than a blank screen while the scripts load: the sign-in pages' gradient
   with the header, or the signed-in frame (header, navigation as the member's layout setting
   places it). In its content area, the shape of the page: a skeleton of the remote that renders
   it, which the edge writes into the page (decision 064). theme-init.js says which frame
   ('data-first-paint') and which layout ('data-layout', 'data-stretch'). React replaces the HTML on
   its first render, and draws the same frame while the page starts (frame-markup.tsx); the sizes
   below are the real layouts' (auth-layout.tsx, dashboard-layout.tsx, dashboard-header.tsx,
   sidebar.tsx, dimensions.ts). Colours and fonts are the Chakra tokens, read from the system style
   sheet linked by the same page, so the two cannot drift apart. */
.first-paint,
.fp-page {
  display: none;
}
html[data-first-paint] .first-paint {
  display: flex;
  min-height: 100dvh;
  font-family: var(--chakra-fonts-body);
  color: var(--chakra-colors-fg);
}
html[data-first-paint='dashboard'] .first-paint {
  background: var(--chakra-colors-bg);
}
/* auth-layout.tsx: the preset's 50 → blue.100, and gray.900 → the preset's 950 in dark mode. The
   system style sheet sets the preset's palette on the body ('html[data-color-preset=…] body'), and
   theme-init.js sets the attribute, so the frame is in the member's colours from the first paint. */
html[data-first-paint='auth'] .first-paint {
  background-image: linear-gradient(
    to bottom right,
    var(--chakra-colors-color-palette-50),
    var(--chakra-colors-blue-100)
  );
}
html.dark[data-first-paint='auth'] .first-paint {
  background-image: linear-gradient(
    to bottom right,
    var(--chakra-colors-gray-900),
    var(--chakra-colors-color-palette-950)
  );
}

html[data-first-paint='auth'] .fp-header .fp-bone {
  background: var(--chakra-colors-bg-panel);
}
/* The logo: its mark (logo-mark.tsx, as the header draws it) in the preset's solid colour, and the
   programme's name. */
.fp-logo {
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 18px;
  font-weight: 700;
  line-height: 28px;
  white-space: nowrap;
}
.fp-mark,
.fp-mark svg {
  display: block;
}

.fp-column {
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
}
.fp-header {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 16px;
}
.fp-spacer {
  flex: 1;
}
.fp-control {
  width: 40px;
  height: 40px;
  border-radius: 8px;
}
.fp-select {
  width: 100px;
  height: 36px;
}
.fp-chip {
  display: none;
  width: 93px;
  height: 28px;
  border-radius: 6px;
}
.fp-account {
  width: 46px;
}
.fp-sidebar,
.fp-navbar,
.fp-menu,
.fp-member {
  display: none;
}
/* Phones and tablets: touch targets of 44 px (the system's globalCss does the same for the real
   controls). */
@media (pointer: coarse), (max-width: 767.98px) {
  .fp-control {
    width: 44px;
    height: 44px;
  }
  .fp-select {
    width: 100px;
  }
  .fp-account {
    width: 50px;
  }
}

/* The guest layout: the logo and the language switch, then the card hanging from a fixed point
   (AUTH_CARD_TOP in auth-layout.tsx), at most 448 px wide (Chakra's 'md'). */
@media (min-width: 768px) {
  html[data-first-paint='auth'] .fp-header {
    padding-inline: 32px;
  }
}
html[data-first-paint='auth'] .fp-main {
  width: 100%;
  max-width: calc(448px + 32px);
  margin-inline: auto;
  padding: 8px 16px 40px;
}
@media (min-width: 768px) {
  html[data-first-paint='auth'] .fp-main {
    padding-top: 12vh;
  }
}
/* From 1024 px the form's column and the programme's picture share the width (auth-layout.tsx):
   the card centred in the first column, at most 448 px wide, and the picture's box beside it
   (mirrored right to left by the page's direction), from the card's top to a little above the
   window's bottom. The box is one rule for the first paint's '.fp-scene', in the scene's colours,
   and the layout's '.guest-scene' (guest-scene.tsx), which the picture fills when it comes: nothing
   moves, and no script carries these styles. */
.fp-scene,
.guest-scene {
  display: none;
}
@media (min-width: 1024px) {
  html[data-first-paint='auth'] .fp-main {
    display: flex;
    gap: 32px;
    max-width: none;
    padding-inline: 32px;
  }
  html[data-first-paint='auth'] .first-paint .fp-page[data-frame='auth'] {
    flex: 1;
    min-width: 0;
  }
  html[data-first-paint='auth'] .fp-page[data-frame='auth'] > * {
    max-width: 448px;
    margin-inline: auto;
  }
  html[data-first-paint='auth'] .fp-scene,
  .guest-scene {
    display: block;
    flex: 1;
    min-width: 0;
    height: calc(100dvh - 12vh - 7rem);
    min-height: 24rem;
    overflow: hidden;
    border-radius: 16px;
    /* The scene's own colours, top to bottom (guest-scene.svg): its sky, the hotel's terrace, the
       pool, as a member on a slow line sees them until the picture comes over them. */
    background: linear-gradient(#042f2e, #0f766e 38%, #e8956b 58%, #06302f 70%, #5eead4 77%, #0f766e);
  }
  .guest-scene img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    object-position: bottom;
  }
  html.dark .guest-scene img {
    filter: brightness(0.85);
  }
}

/* The signed-in frame (dimensions.ts): a header 64 px high with 12 px padding, 80 px and 24 px from
   1024 px (Chakra's lg), a line under it; the navigation in a drawer behind a menu button on
   smaller screens; the content padded 16 px, 32 px from 1024 px. */
html[data-first-paint='dashboard'] .fp-header {
  height: 64px;
  padding: 0 12px;
  gap: 4px;
  border-bottom: 1px solid var(--chakra-colors-border);
}
html[data-first-paint='dashboard'] .fp-menu,
html[data-first-paint='dashboard'] .fp-member {
  display: block;
}
html[data-first-paint='dashboard'] .fp-main {
  padding: 16px;
}
@media (max-width: 479.98px) {
  html[data-first-paint='dashboard'] .fp-header .fp-name {
    display: none;
  }
}
@media (min-width: 480px) {
  html[data-first-paint='dashboard'] .fp-header {
    gap: 8px;
  }
  html[data-first-paint='dashboard'] .fp-account {
    width: 150px;
  }
}
@media (min-width: 768px) {
  html[data-first-paint='dashboard'] .fp-chip {
    display: block;
  }
}
@media (min-width: 1024px) {
  html[data-first-paint='dashboard'] .fp-header {
    height: 80px;
    padding: 0 24px;
  }
  html[data-first-paint='dashboard'] .fp-menu {
    display: none;
  }
  html[data-first-paint='dashboard'] .fp-main {
    padding: 32px;
  }
  /* The sidebar of the vertical (280 px) and mini (88 px) layouts holds the logo; the horizontal
     layout keeps it in the header, with a bar of links under it. */
  html[data-first-paint='dashboard']:is([data-layout='vertical'], [data-layout='mini']) .fp-sidebar {
    display: flex;
    flex-direction: column;
    gap: 8px;
    flex-shrink: 0;
    width: 280px;
    height: 100dvh;
    position: sticky;
    top: 0;
    padding: 20px 16px;
    border-inline-end: 1px solid var(--chakra-colors-border);
  }
  html[data-first-paint='dashboard'][data-layout='mini'] .fp-sidebar {
    width: 88px;
    padding-inline: 4px;
    align-items: center;
  }
  html[data-first-paint='dashboard'][data-layout='mini'] .fp-sidebar .fp-name {
    display: none;
  }
  html[data-first-paint='dashboard'] .fp-sidebar .fp-logo {
    margin-bottom: 24px;
  }
  html[data-first-paint='dashboard']:is([data-layout='vertical'], [data-layout='mini']) .fp-header .fp-logo {
    display: none;
  }
  html[data-first-paint='dashboard'][data-layout='horizontal'] .fp-navbar {
    display: flex;
    gap: 16px;
    align-items: center;
    height: 55px;
    padding: 0 24px;
    border-bottom: 1px solid var(--chakra-colors-border);
  }
}
.fp-nav-item {
  width: 100px;
  height: 20px;
}
.fp-sidebar .fp-nav-item {
  width: 100%;
  height: 36px;
}
/* Above 1600 px the content keeps a readable measure unless the member stretches it. */
@media (min-width: 1600px) {
  html[data-first-paint='dashboard']:not([data-stretch]) .fp-main {
    width: 100%;
    max-width: 1440px;
    margin-inline: auto;
  }
}

/* The page's skeleton: the one of the frame theme-init.js named (the edge wrote in one for each
   frame: decision 064). React shows one wherever it draws it, by its class. */
html[data-first-paint='dashboard'] .first-paint .fp-page[data-frame='dashboard'],
html[data-first-paint='auth'] .first-paint .fp-page[data-frame='auth'],
.fp-page.fp-shown {
  display: block;
}
`;
