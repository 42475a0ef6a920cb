/** WCAG 2 contrast ratio of two hex colours (`#rrggbb`), for tests of colours that carry text. */
export function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const linear = (start: number) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
  };
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
