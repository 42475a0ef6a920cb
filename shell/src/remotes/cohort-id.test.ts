import { cohortIdAtStart } from './cohort-id';

describe('the cohort id', () => {
  it('is the cohort cookie the receiver set, whatever other cookies the page has', () => {
    expect(cohortIdAtStart('theme=dark; loyalty_cohort=AbCdEfGh_-123456; lang=fr')).toBe('AbCdEfGh_-123456');
    expect(cohortIdAtStart('loyalty_cohort=AbCdEfGh_-123456')).toBe('AbCdEfGh_-123456');
  });

  it('is none before the receiver has set one, or where the cookie is not one it sets', () => {
    expect(cohortIdAtStart('')).toBeNull();
    expect(cohortIdAtStart('my_loyalty_cohort=AbCdEfGh_-123456')).toBeNull();
    expect(cohortIdAtStart('loyalty_cohort=short')).toBeNull();
    expect(cohortIdAtStart('loyalty_cohort=AbCdEfGh_-123456<script>')).toBeNull();
  });

  it("reads the page's own cookies by default", () => {
    document.cookie = 'loyalty_cohort=QrStUvWx01234567';
    expect(cohortIdAtStart()).toBe('QrStUvWx01234567');
    document.cookie = 'loyalty_cohort=; max-age=0';
  });
});
