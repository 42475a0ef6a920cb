import * as v from 'valibot';

/** docs/product/profile.md "Country entry". The first entry of the list is blank (empty code and label). */
export const CountrySchema = v.object({
  code: v.string(),
  label: v.string(),
  /** Dial prefix without `+`; some carry a hyphen, such as `1-268`. */
  phone: v.string(),
  suggested: v.optional(v.boolean()),
  translations: v.object({ fr: v.string(), en: v.string(), de: v.string(), es: v.string() }),
});
export type Country = v.InferOutput<typeof CountrySchema>;

export const CountriesResponseSchema = v.object({ data: v.array(CountrySchema) });
export type CountriesResponse = v.InferOutput<typeof CountriesResponseSchema>;

export const StateSchema = v.object({ code: v.string(), name: v.string(), country: v.string() });
export type State = v.InferOutput<typeof StateSchema>;

export const StatesResponseSchema = v.object({ data: v.array(StateSchema) });
export type StatesResponse = v.InferOutput<typeof StatesResponseSchema>;

export const CitySchema = v.object({ name: v.string(), state: v.string(), country: v.string() });
export type City = v.InferOutput<typeof CitySchema>;

export const CitiesResponseSchema = v.object({ data: v.array(CitySchema) });
export type CitiesResponse = v.InferOutput<typeof CitiesResponseSchema>;

const code = (max: number) =>
  v.pipe(v.string(), v.regex(new RegExp(`^[A-Za-z0-9-]{1,${max}}$`), 'validation.value_invalid'), v.toUpperCase());

export const StatesQuerySchema = v.object({ country: code(2) });
export const CitiesQuerySchema = v.object({ country: code(2), state: code(10) });
