/** `900` → '15 minutes', `86400` → '24 hours': a setting's duration in an e-mail's words. */
export function durationInWords(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0 && seconds >= 7200
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
