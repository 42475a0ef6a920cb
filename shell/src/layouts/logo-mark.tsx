import mark from './logo-mark.json';

/**
 * The portal's mark: a white star on the brand colour, the colour palette's solid one. The header,
 * the painted frame and the build's favicon and icons (webpack/install/web-app-manifest.cjs) all
 * draw it from logo-mark.json.
 */
export function LogoMark() {
  const { size, cornerRadius, star } = mark;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
      <rect width={size} height={size} rx={cornerRadius} fill="var(--chakra-colors-color-palette-solid)" />
      <path d={star} fill="white" />
    </svg>
  );
}
