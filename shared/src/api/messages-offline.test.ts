import { ApiError, GENERIC_ERROR_MESSAGE } from '@loyalty/shared/http';
import { serverMessage } from './messages';

describe('a failed call, worded for the member', () => {
  const onLine = jest.spyOn(navigator, 'onLine', 'get');
  afterAll(() => onLine.mockRestore());

  it('offline, says the action needs a connection', () => {
    onLine.mockReturnValue(false);
    expect(serverMessage(new ApiError(0, GENERIC_ERROR_MESSAGE), 'claim.failure')).toEqual({
      key: 'common:errors.offline',
    });
  });

  it('online, a call that got no answer keeps the page’s own words', () => {
    onLine.mockReturnValue(true);
    expect(serverMessage(new ApiError(0, GENERIC_ERROR_MESSAGE), 'claim.failure')).toEqual({ key: 'claim.failure' });
  });

  it('offline or not, an answer of the server is the server’s', () => {
    onLine.mockReturnValue(false);
    expect(serverMessage(new ApiError(409, 'Already claimed'), 'claim.failure')).toEqual({ text: 'Already claimed' });
  });
});
