import { BALANCE_QUERY_KEY } from '@loyalty/shared/api';
import { Bone, BoneCard, HeadingBone, KeptDrawing, KeptFigure, SkeletonStyle } from '@loyalty/shared/first-paint';

// The card page's shape (features/card/card-page.tsx): the heading and its line, then the codes on
// white beside the membership card (one column under 1024 px, Chakra's lg). The QR code is the one
// the page kept on its last load and the balance the last answer kept: a member at a desk can show
// the code before the page has started.
const CARD_CSS = `
.fp-points-card .fp-grid {
  display: grid;
  gap: 24px;
  align-items: start;
}
.fp-points-card .fp-codes {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 24px;
  padding: 20px;
  border: 1px solid var(--chakra-colors-border);
  border-radius: 16px;
  background: #ffffff;
  color: #111111;
}
.fp-points-card .fp-codes .fp-bone {
  background: #e4e4e7;
}
.fp-points-card .fp-qr {
  width: 224px;
  min-height: 224px;
}
.fp-points-card .fp-bars {
  width: 80%;
  height: 80px;
}
.fp-points-card .fp-member-card {
  height: 421px;
}
@media (min-width: 768px) {
  .fp-points-card .fp-codes {
    padding: 32px;
  }
  .fp-points-card .fp-qr {
    width: 256px;
    min-height: 256px;
  }
}
@media (min-width: 1024px) {
  .fp-points-card .fp-grid {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  .fp-points-card .fp-member-card {
    height: 411px;
  }
}
`;

export function CardSkeleton() {
  return (
    <div className="fp-points-card fp-stack">
      <SkeletonStyle css={CARD_CSS} />
      <div className="fp-stack">
        <HeadingBone />
        <Bone shape="fp-text" />
      </div>
      <div className="fp-grid">
        <div className="fp-codes">
          <KeptDrawing name="member-qr" shape="fp-qr" />
          <Bone shape="fp-bars" />
        </div>
        <BoneCard shape="fp-member-card">
          <Bone shape="fp-text" />
          <KeptFigure query={BALANCE_QUERY_KEY} field="pointBalance" shape="fp-figure" />
        </BoneCard>
      </div>
    </div>
  );
}
