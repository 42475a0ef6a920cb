// Commit messages (README, "Commit messages"): a subject a log can show whole, and a body that says
// why. Not the conventional-commits preset: the project's subjects are plain sentences.
export default {
  rules: {
    'header-max-length': [2, 'always', 72],
    'body-leading-blank': [2, 'always'],
    'body-empty': [2, 'never'],
  },
};
