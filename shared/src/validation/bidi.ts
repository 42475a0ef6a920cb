// A pasted `\u2068BK-0003\u2069` (copied from an Arabic page or e-mail) must still be BK-0003.
export { withoutBidiControls } from '../text/bidi-controls';
