import { Fragment } from 'react';
import { Bone, BoneCard, SkeletonStyle } from '@loyalty/shared/first-paint';

// The form's card (components/auth-card.tsx): a title, a line under it, then labelled fields and
// the button; fields of 44 px where fingers tap.
const FORM_CSS = `
.fp-auth-form {
  gap: 8px;
  padding: 24px;
}
.fp-auth-form .fp-title {
  width: 40%;
  height: 30px;
}
.fp-auth-form .fp-text {
  margin-bottom: 16px;
}
.fp-auth-form .fp-label {
  width: 25%;
  height: 16px;
  margin-top: 12px;
}
.fp-auth-form .fp-input {
  width: 100%;
  height: 40px;
  border-radius: 8px;
}
.fp-auth-form .fp-button {
  margin-top: 28px;
}
@media (pointer: coarse), (max-width: 767.98px) {
  .fp-auth-form .fp-input {
    height: 44px;
  }
}
`;

/** A form's card with `fields` labelled fields: sign-in has two, the other guest pages' forms one. */
function FormSkeleton({ fields }: { fields: number }) {
  return (
    <BoneCard shape="fp-auth-form">
      <SkeletonStyle css={FORM_CSS} />
      <Bone shape="fp-title" />
      <Bone shape="fp-text" />
      {Array.from({ length: fields }, (_, field) => (
        <Fragment key={field}>
          <Bone shape="fp-label" />
          <Bone shape="fp-input" />
        </Fragment>
      ))}
      <Bone shape="fp-input fp-button" />
    </BoneCard>
  );
}

export const SignInSkeleton = () => <FormSkeleton fields={2} />;
export const GuestPageSkeleton = () => <FormSkeleton fields={1} />;
