/** The help page's sections, in the page's order (docs/product/help.md). */
export const HELP_SECTIONS = ['earning', 'claims', 'expiry', 'tiers', 'rewards', 'contact'] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** The fragment that leads to a section (`/dashboard/help#help-claims`). */
export const helpSectionId = (section: HelpSection) => `help-${section}`;
