import { CodeNotLoadedError, tellOfCodeNotLoaded } from '@loyalty/shared/http';
import { TOLD_ELSEWHERE, messageText, queryFailureMessage, serverMessage } from './messages';

// Decision 068: a file of the page's build that an action needed did not load.
describe('a failed action whose code did not load, worded for the member', () => {
  const translate = (key: string) => `translated ${key}`;

  it('is handed to the shell when it tells of it: the page has nothing of its own to say', () => {
    const takesOver = jest.fn(() => true);
    const stop = tellOfCodeNotLoaded(takesOver);
    try {
      const message = serverMessage(new CodeNotLoadedError(), 'claim.failure');
      expect(message).toBe(TOLD_ELSEWHERE);
      expect(messageText(message, translate)).toBe('');
      expect(takesOver).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it("keeps the page's own words where the shell cannot tell of it (no worker)", () => {
    const stop = tellOfCodeNotLoaded(() => false);
    try {
      expect(serverMessage(new CodeNotLoadedError(), 'claim.failure')).toEqual({ key: 'claim.failure' });
    } finally {
      stop();
    }
  });

  it('a query shown in its place is worded by its page, and never handed over', () => {
    const takesOver = jest.fn(() => true);
    const stop = tellOfCodeNotLoaded(takesOver);
    try {
      expect(queryFailureMessage(new CodeNotLoadedError(), 'common:errors.unavailable_hint')).toEqual({
        key: 'common:errors.unavailable_hint',
      });
      expect(takesOver).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
