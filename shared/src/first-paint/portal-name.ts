/** The portal's name: the HTML's own title, the logo's text, and the end of every page's title. */
export const PORTAL_NAME = 'Loyalty Rewards';
