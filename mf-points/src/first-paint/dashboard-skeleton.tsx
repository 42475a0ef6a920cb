import { BALANCE_QUERY_KEY } from '@loyalty/shared/api';
import { Bone, BoneCard, HeadingBone, KeptFigure, SkeletonStyle } from '@loyalty/shared/first-paint';

// The dashboard's shape (features/dashboard/dashboard-page.tsx): the membership card with next
// steps and pending points beside it, then the latest transactions beside the tiers; one column
// under 1024 px (Chakra's lg). The heights are the cards' own once filled, so the page does not
// move when they arrive.
const DASHBOARD_CSS = `
.fp-points-dashboard .fp-grid-lead {
  display: grid;
  gap: 24px;
  align-items: start;
}
.fp-points-dashboard .fp-member-card {
  height: 421px;
}
.fp-points-dashboard .fp-next {
  height: 258px;
}
.fp-points-dashboard .fp-pending {
  height: 194px;
}
@media (min-width: 1024px) {
  .fp-points-dashboard .fp-grid-lead {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
  .fp-points-dashboard .fp-member-card {
    height: 411px;
  }
  .fp-points-dashboard .fp-next {
    height: 230px;
  }
  .fp-points-dashboard .fp-pending {
    height: 173px;
  }
}
`;

export function DashboardSkeleton() {
  return (
    <div className="fp-points-dashboard fp-stack">
      <SkeletonStyle css={DASHBOARD_CSS} />
      <HeadingBone />
      <div className="fp-grid-lead">
        <BoneCard shape="fp-member-card">
          <Bone shape="fp-text" />
          {/* A returning member's balance shows at once, from the answer the last visit kept. */}
          <KeptFigure query={BALANCE_QUERY_KEY} field="pointBalance" shape="fp-figure" />
        </BoneCard>
        <div className="fp-stack">
          <BoneCard shape="fp-next">
            <Bone shape="fp-text" />
          </BoneCard>
          <BoneCard shape="fp-pending">
            <Bone shape="fp-text" />
          </BoneCard>
        </div>
      </div>
      <div className="fp-grid-lead">
        <BoneCard shape="fp-tall">
          <Bone shape="fp-text" />
        </BoneCard>
        <BoneCard shape="fp-tall">
          <Bone shape="fp-text" />
        </BoneCard>
      </div>
    </div>
  );
}
