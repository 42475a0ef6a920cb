import { QA_VIEW_STORAGE_KEY, isQaView } from './qa-view';

describe('the QA view', () => {
  beforeEach(() => localStorage.clear());

  it('is off for members', () => {
    expect(isQaView('')).toBe(false);
    expect(isQaView('?remote=mf-points@1.0.0')).toBe(false);
  });

  it('is turned on with ?qa=1 and stays on until ?qa=0', () => {
    expect(isQaView('?qa=1')).toBe(true);
    expect(localStorage.getItem(QA_VIEW_STORAGE_KEY)).toBe('1');
    expect(isQaView('')).toBe(true);
    expect(isQaView('?qa=0')).toBe(false);
    expect(isQaView('')).toBe(false);
  });

  it('takes no other value for on', () => {
    expect(isQaView('?qa=true')).toBe(false);
    expect(isQaView('?qa=yes')).toBe(false);
  });
});
