import { fakeToken } from '@loyalty/shared/testing';
import { isSignedIn } from './signed-in';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('isSignedIn', () => {
  afterEach(() => sessionStorage.clear());

  it('reads the stored token: signed in while its exp is ahead', () => {
    expect(isSignedIn()).toBe(false);
    sessionStorage.setItem('accessToken', fakeToken(nowSeconds() + 60));
    expect(isSignedIn()).toBe(true);
    sessionStorage.setItem('accessToken', fakeToken(nowSeconds() - 1));
    expect(isSignedIn()).toBe(false);
  });

  it.each(['', 'not-a-token', 'a.b.c', 'header.eyJzdWIiOiIxIn0.sig'])('says signed out for %p', (token) =>
    expect(isSignedIn(token)).toBe(false),
  );
});
