import sharp from 'sharp';
import type { RewardRecord } from '../store/schema';
import { ART_FORMATS, ART_WIDTHS, artVersion, rewardArtSvg, type ArtFormat, type ArtWidth } from '../domain/reward-art';

const FILE = new RegExp(`^(${ART_WIDTHS.join('|')})\\.(${ART_FORMATS.join('|')})$`);

/** `640.avif` as the width and format the API serves, or null for any other name. */
export function parseArtFile(file: string): { width: ArtWidth; format: ArtFormat } | null {
  const match = FILE.exec(file);
  return match ? { width: Number(match[1]) as ArtWidth, format: match[2] as ArtFormat } : null;
}

/**
 * Pictures rendered from their drawing with sharp (libvips), once per drawing, width and format:
 * the cache holds at most the catalogue's rewards times the sizes and formats, whatever is asked.
 */
export function rewardImageRenderer() {
  const rendered = new Map<string, Promise<Buffer>>();
  return (record: Pick<RewardRecord, 'category' | 'icon'>, width: ArtWidth, format: ArtFormat) => {
    const svg = rewardArtSvg(record);
    const key = `${artVersion(svg)}:${width}:${format}`;
    let picture = rendered.get(key);
    if (!picture) {
      const resized = sharp(Buffer.from(svg)).resize({ width });
      picture = (
        format === 'avif' ? resized.avif({ quality: 55, effort: 4 }) : resized.webp({ quality: 78 })
      ).toBuffer();
      // A failed render is not kept: the next request tries again.
      picture.catch(() => rendered.delete(key));
      rendered.set(key, picture);
    }
    return { version: artVersion(svg), picture };
  };
}
