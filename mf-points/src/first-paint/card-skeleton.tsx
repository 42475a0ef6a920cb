import { BALANCE_QUERY_KEY } from '@loyalty/shared/api';
import { Bone, BoneCard, HeadingBone, KeptDrawing, KeptFigure, SkeletonStyle } from '@loyalty/shared/first-paint';
import { KEPT_BARCODE, KEPT_QR } from '../features/card/kept-drawings';

// The card page's shape (features/card/card-page.tsx): the heading and its line, then the codes on
// white beside the membership card (one column under 1024 px, Chakra's lg). The QR code and the
// barcode are the ones the page kept on its last load and the balance the last answer kept: a
// member at a desk can show either code before the page has started.
const CARD_CSS = `
/* The heading and its text 4 px apart (a Stack of gap 1); the text's box as tall as the English
   text wraps to (24 px a line: three on a phone, one from md), so that the codes below start where
   the page's will. */
.fp-points-card .fp-lead {
  display: flex;
  flex-direction: column;
  gap: 4px;
}
.fp-points-card .fp-intro {
  height: 72px;
}
/* The codes and, 16 px under them, the two tips (two lines each on a phone, one wider). */
.fp-points-card .fp-codes-column {
  display: flex;
  flex-direction: column;
  gap: 16px;
}
.fp-points-card .fp-tips {
  height: 88px;
}
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
/* The barcode under the QR code (ScannableCodes): its box as wide as the live one's (Chakra's sm at
   most), the kept bars drawn in it at whole pixels a module, and its digits' line under it. A bone
   where nothing was kept. */
.fp-points-card .fp-bars {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  width: 100%;
  max-width: 24rem;
}
.fp-points-card .fp-barcode {
  width: 100%;
  height: 80px;
}
.fp-points-card .fp-barcode:empty {
  border-radius: 4px;
  background: #e4e4e7;
}
.fp-points-card .fp-barcode svg {
  margin-inline: auto;
}
.fp-points-card .fp-digits {
  width: 200px;
  height: 30px;
}
.fp-points-card .fp-member-card {
  height: 421px;
}
@media (min-width: 768px) {
  .fp-points-card .fp-intro {
    height: 24px;
  }
  .fp-points-card .fp-tips {
    height: 46px;
  }
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
      <div className="fp-lead">
        <HeadingBone />
        <div className="fp-intro">
          <Bone shape="fp-text" />
        </div>
      </div>
      <div className="fp-grid">
        <div className="fp-codes-column">
          <div className="fp-codes">
            <KeptDrawing name={KEPT_QR} shape="fp-qr" />
            <div className="fp-bars">
              <KeptDrawing name={KEPT_BARCODE} shape="fp-barcode" wholePixels />
              <Bone shape="fp-digits" />
            </div>
          </div>
          <div className="fp-tips" />
        </div>
        <BoneCard shape="fp-member-card">
          <Bone shape="fp-text" />
          <KeptFigure query={BALANCE_QUERY_KEY} field="pointBalance" shape="fp-figure" />
        </BoneCard>
      </div>
    </div>
  );
}
