import { accessStore } from './access-store';

describe('access rights (SPEC §4)', () => {
  beforeEach(() => accessStore.getState().reset());

  it('start all granted', () => {
    expect(accessStore.getState()).toMatchObject({ read_access: true, write_access: true, access: true });
  });

  it('setting read access sets the combined flag to the same value', () => {
    accessStore.getState().setReadAccess(false);
    expect(accessStore.getState()).toMatchObject({ read_access: false, write_access: true, access: false });
    accessStore.getState().setReadAccess(true);
    expect(accessStore.getState().access).toBe(true);
  });

  it('setting write access sets the combined flag to the same value', () => {
    accessStore.getState().setWriteAccess(false);
    expect(accessStore.getState()).toMatchObject({ read_access: true, write_access: false, access: false });
  });

  it('reset grants all three again', () => {
    accessStore.getState().setWriteAccess(false);
    accessStore.getState().setReadAccess(false);
    accessStore.getState().reset();
    expect(accessStore.getState()).toMatchObject({ read_access: true, write_access: true, access: true });
  });
});
