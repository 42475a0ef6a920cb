import { Box } from '@loyalty/shared/ui';
import { apiUrl } from '@loyalty/shared/http';
import { useTranslation } from '@loyalty/shared/i18n';
import type { RewardImage } from '@loyalty/shared/api';
import { localized } from '../../components/localized-text';

/** An API path as the browser's address of it; null for anything that is not one of the API's paths. */
function pictureUrl(path: string): string | null {
  try {
    return apiUrl(path);
  } catch {
    return null;
  }
}

/** A `srcset` of API paths, each resolved; null when any entry is not one. */
function sourceSet(srcSet: string): string | null {
  const entries = srcSet.split(',').map((entry) => entry.trim().split(/\s+/));
  const resolved = entries.map(([path, width]) => (path && width ? `${pictureUrl(path) ?? ''} ${width}` : ''));
  return resolved.every((entry) => entry && !entry.startsWith(' ')) ? resolved.join(', ') : null;
}

/**
 * A reward's picture: the formats the API names, best first, at the width the layout needs
 * (`sizes`), with its drawn size so its place is kept before it arrives. Lazy unless it is among
 * the first a member sees; what it shows in the member's language, or nothing when it decorates.
 */
export function RewardPicture({
  image,
  sizes,
  eager,
  aspectRatio,
}: {
  image: RewardImage;
  sizes: string;
  eager: boolean;
  aspectRatio: Record<string, string>;
}) {
  const { i18n } = useTranslation('points');
  const src = pictureUrl(image.src);
  if (!src) return null;
  return (
    <picture>
      {image.sources.map((source) => {
        const srcSet = sourceSet(source.srcSet);
        return srcSet ? <source key={source.type} type={source.type} srcSet={srcSet} sizes={sizes} /> : null;
      })}
      <Box asChild display="block" width="full" height="auto" objectFit="cover" aspectRatio={aspectRatio}>
        <img
          src={src}
          width={image.width}
          height={image.height}
          alt={image.alt ? localized(image.alt, i18n.language) : ''}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </Box>
    </picture>
  );
}
