/**
 * mf-profile's texts (the `profile` namespace) in one language, a chunk per language. One loader
 * for the namespace's registration and for the warm-up that starts it early (warm-up.ts), so both
 * ask for the same chunk. No federated import here: remoteEntry.js evaluates this module.
 */
export const loadTexts = (language: string) =>
  // Named so that each chunk says what it holds (`texts-profile-fr-json.<hash>.js`); the namespace
  // in the name keeps the apps' chunks apart where one build holds several (the single bundle).
  import(/* webpackChunkName: "texts-profile-[request]" */ `./locales/${language}.json`);
