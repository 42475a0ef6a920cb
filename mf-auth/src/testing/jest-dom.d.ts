// The matchers jest-setup (shared) installs, for type-checking this app's component tests.
import '@testing-library/jest-dom';
