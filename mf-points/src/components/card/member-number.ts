/**
 * A card number in groups of four ("7123 4567 8901"), the way it is read aloud at a desk. The
 * groups are split by no-break spaces so the number never wraps in the middle.
 */
export function groupedMemberNumber(memberNumber: string): string {
  return (memberNumber.match(/.{1,4}/g) ?? [memberNumber]).join('\u00a0');
}
