import * as v from 'valibot';

/** One entry of the per-user menu the server sends with the profile (SPEC §3 "Menu item"). */
export const MenuItemSchema = v.object({
  id: v.number(),
  /** 0 means top level. */
  parent_id: v.number(),
  /** Group title; items sharing it are grouped under one heading. */
  subheader: v.string(),
  /** An i18n key in the `shell` namespace (`menu.*`) or a literal title. */
  title: v.string(),
  /** A dotted key into the route table, e.g. `dashboard.user.account`. */
  path: v.string(),
  /** Names an icon of the shell's icon set. */
  icon: v.string(),
});
export type MenuItem = v.InferOutput<typeof MenuItemSchema>;

export const PhoneNumberSchema = v.object({
  /** Two-letter country code, e.g. `FR`. */
  code: v.string(),
  /** Dial prefix without `+`, e.g. `33`. */
  phoneCode: v.string(),
  /** National number, digits only. */
  number: v.string(),
});
export type PhoneNumber = v.InferOutput<typeof PhoneNumberSchema>;

export const LanguageCodeSchema = v.picklist(['en', 'fr', 'es', 'de', 'ar']);
export type LanguageCode = v.InferOutput<typeof LanguageCodeSchema>;

/** The signed-in member as the server describes them (SPEC §3 "User (session)"). */
export const UserSchema = v.object({
  Id: v.string(),
  FullName: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  Email: v.string(),
  /** The e-mail the member signs in with; kept in session storage as `email`. */
  RelationReference: v.string(),
  /** International format starting with `+`, e.g. `+33612345678`. */
  MobileNumber: v.string(),
  Country: v.string(),
  PreferredLanguage: LanguageCodeSchema,
  role: v.string(),
  photo: v.string(),
  menu: v.array(MenuItemSchema),
});
export type User = v.InferOutput<typeof UserSchema>;

export const LoginRequestSchema = v.object({ email: v.string(), password: v.string() });
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

export const LoginResponseSchema = v.object({ token: v.string(), data: UserSchema });
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>;

export const CurrentUserResponseSchema = v.object({ data: UserSchema });
export type CurrentUserResponse = v.InferOutput<typeof CurrentUserResponseSchema>;

export const MessageResponseSchema = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponseSchema>;
