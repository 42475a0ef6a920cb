import { createHash } from 'node:crypto';
import { REWARD_ICON_PATHS, type RewardCategory, type RewardImage } from '@loyalty/shared/api';
import type { RewardRecord } from '../store/schema';

/** The picture's drawn size; the API serves it at these widths (docs/product/rewards.md, "Pictures"). */
export const ART_WIDTH = 640;
export const ART_HEIGHT = 360;
export const ART_WIDTHS = [320, 640] as const;
/** Best first: a browser takes the first `<source>` whose type it reads. */
export const ART_FORMATS = ['avif', 'webp'] as const;
export type ArtWidth = (typeof ART_WIDTHS)[number];
export type ArtFormat = (typeof ART_FORMATS)[number];

/** Each shelf's colours: the sky's two, and the sun's. Made for the programme's pictures. */
const PALETTES: Record<RewardCategory, readonly [string, string, string]> = {
  stays: ['#1d3557', '#457b9d', '#f1c453'],
  upgrades: ['#3c1642', '#086375', '#f4a259'],
  dining: ['#6a2c1a', '#c1502e', '#f7d488'],
  wellness: ['#1b4332', '#52b788', '#f2e8cf'],
  travel: ['#14213d', '#3a86ff', '#ffbe0b'],
  experiences: ['#3d0e61', '#b5179e', '#ffd166'],
};

/**
 * A reward's picture, drawn for the programme: a sky of its shelf's colours, a sun, two hills, and
 * its icon large in front. SVG, so every size and format the API serves comes from one drawing.
 */
export function rewardArtSvg(record: Pick<RewardRecord, 'category' | 'icon'>): string {
  const [deep, light, sun] = PALETTES[record.category];
  const glyph = REWARD_ICON_PATHS[record.icon];
  const scale = 7;
  const left = (ART_WIDTH - 24 * scale) / 2;
  const top = (ART_HEIGHT - 24 * scale) / 2 + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="510" cy="92" r="54" fill="${sun}" opacity="0.9"/>`,
    `<path d="M0 270 C120 220 240 250 340 280 S540 250 640 230 V360 H0Z" fill="#ffffff" opacity="0.14"/>`,
    `<path d="M0 310 C160 280 300 330 420 310 S580 290 640 300 V360 H0Z" fill="#000000" opacity="0.18"/>`,
    `<g transform="translate(${left} ${top}) scale(${scale})" fill="none" stroke="#ffffff" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"><path d="${glyph}"/></g>`,
    `</svg>`,
  ].join('');
}

/** Changes whenever the drawing does, so a picture's address can be cached for good. */
export function artVersion(svg: string): string {
  return createHash('sha256').update(svg).digest('base64url').slice(0, 12);
}

/** The picture of a reward as the catalogue names it: its addresses on the API, its size, its text. */
export function rewardImage(record: RewardRecord, alt: RewardImage['alt']): RewardImage {
  const version = artVersion(rewardArtSvg(record));
  const url = (width: ArtWidth, format: ArtFormat) =>
    `/api/rewards/${encodeURIComponent(record.id)}/images/${width}.${format}?v=${version}`;
  return {
    src: url(ART_WIDTH, 'webp'),
    width: ART_WIDTH,
    height: ART_HEIGHT,
    sources: ART_FORMATS.map((format) => ({
      type: `image/${format}`,
      srcSet: ART_WIDTHS.map((width) => `${url(width, format)} ${width}w`).join(', '),
    })),
    alt,
  };
}
