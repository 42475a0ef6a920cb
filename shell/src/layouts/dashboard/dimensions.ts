/** docs/product/frame.md / §9 dimensions of the dashboard frame. */
export const SIDEBAR_WIDTH = '280px';
export const SIDEBAR_MINI_WIDTH = '88px';
export const HEADER_HEIGHT = { base: '64px', lg: '80px' } as const;
/** Content width when the layout is not stretched (stretch matters above 1600 px only). */
export const CONTENT_MAX_WIDTH = '1440px';
export const STRETCH_MIN_VIEWPORT_PX = 1600;
