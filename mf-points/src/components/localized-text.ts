import type { LocalizedText } from '@loyalty/shared/api';
import { toLanguageCode } from '@loyalty/shared/i18n';

/** The programme's own text (a reward's name, its description) in the member's language: the data carries all five. */
export function localized(text: LocalizedText, language: string): string {
  return text[toLanguageCode(language)];
}
