// The matchers `shared/src/testing/jest-setup.ts` installs (toBeInTheDocument, toHaveValue…).
/// <reference types="@testing-library/jest-dom" />
