// The jest-dom matchers (`toBeVisible`, `toHaveTextContent`…) that jest-setup installs, for tsc.
import '@testing-library/jest-dom';
