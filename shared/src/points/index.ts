// The public surface of `@loyalty/shared/points`: the one store of the member's points figures.
export {
  pointsStore,
  usePoints,
  LATEST_TRANSACTIONS_COUNT,
  POINTS_PARTS,
  type PartStatus,
  type PointsPart,
  type PointsState,
} from './points-store';
export { tierProgressView, isTierReached, type TierProgressState, type TierProgressView } from './tier-state';
