/**
 * The settings drawer's element id, for the header button's `aria-controls` (a module of its own:
 * the header must not pull in the drawer, which loads when first opened). The drawer gives it to its
 * dialog machine (`ids`), never to the element: the machine finds its content by the id it gave it,
 * and an id set on the element hid the content from it, so the drawer neither took nor trapped
 * focus, nor closed on Escape or a click outside.
 */
export const SETTINGS_DRAWER_ID = 'settings-drawer';
