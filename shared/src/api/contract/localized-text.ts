import * as v from 'valibot';

/** A text of the programme's own data in each language of the portal (the API's wording is English). */
export const LocalizedTextSchema = v.object({
  en: v.string(),
  fr: v.string(),
  es: v.string(),
  de: v.string(),
  ar: v.string(),
});
export type LocalizedText = v.InferOutput<typeof LocalizedTextSchema>;
