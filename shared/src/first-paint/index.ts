export { Bone, BoneCard, HeadingBone, KeptDrawing, KeptFigure, OneCardPageSkeleton, SkeletonStyle } from './bones';
export { BONES_CSS } from './bones-css';
export { PORTAL_NAME } from './portal-name';
export type { PageSkeleton } from './page-skeleton';
