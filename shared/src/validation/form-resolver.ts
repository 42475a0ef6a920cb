import { valibotResolver } from '@hookform/resolvers/valibot';

/**
 * react-hook-form's resolver for a valibot schema. Re-exported from here so that every app uses
 * the one copy that `@loyalty/shared` depends on.
 */
export const formResolver = valibotResolver;
