import { setRuntimeConfig } from '@loyalty/shared/config';
import { sessionStore } from '@loyalty/shared/session';
import { mockFetch, TEST_USER } from '@loyalty/shared/testing';
import { askPermission, knownPermission } from './permission-answers';

const RIGHTS = { access: true, read_access: true, write_access: false };

describe('permission answers', () => {
  let network: ReturnType<typeof mockFetch>;

  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test/' });
    network = mockFetch([{ method: 'POST', path: '/api/user/check-permissions', body: { data: RIGHTS } }]);
  });

  afterEach(() => {
    network.restore();
    sessionStore.setState({ user: null });
  });

  it('asks once for a path, whoever asks meanwhile (the bootstrap, then the gate), and keeps the answer', async () => {
    const [first, second] = await Promise.all([askPermission('/dashboard'), askPermission('/dashboard')]);
    expect(first).toEqual(RIGHTS);
    expect(second).toEqual(RIGHTS);
    expect(network.calls).toHaveLength(1);
    expect(knownPermission('/dashboard')).toEqual(RIGHTS);
  });

  it('keeps an answer asked for while the session was being restored at start-up', async () => {
    const asked = askPermission('/dashboard/claim');
    sessionStore.setState({ user: TEST_USER });
    await asked;
    expect(knownPermission('/dashboard/claim')).toEqual(RIGHTS);
  });

  it('forgets the answers, and drops one still on its way, when the member changes', async () => {
    sessionStore.setState({ user: TEST_USER });
    await askPermission('/dashboard/transactions');
    const onItsWay = askPermission('/dashboard/redeem');
    sessionStore.setState({ user: null });
    await onItsWay;
    expect(knownPermission('/dashboard/transactions')).toBeUndefined();
    expect(knownPermission('/dashboard/redeem')).toBeUndefined();
  });
});
