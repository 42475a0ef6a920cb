import * as v from 'valibot';

/** Redemption is in whole points, at least one. */
export const REDEEM_MIN_POINTS = 1;
/** A sanity bound on a single redemption; the real bound is the available balance. */
export const REDEEM_MAX_POINTS = 1_000_000;
export const DESCRIPTION_MAX_LENGTH = 200;

export const redeemPointsSchema = v.pipe(
  v.number('validation.points_required'),
  v.integer('validation.points_integer'),
  v.minValue(REDEEM_MIN_POINTS, 'validation.points_min'),
  v.maxValue(REDEEM_MAX_POINTS, 'validation.points_max'),
);

export const descriptionSchema = v.pipe(
  v.string('validation.value_invalid'),
  v.trim(),
  v.maxLength(DESCRIPTION_MAX_LENGTH, 'validation.description_max'),
);
