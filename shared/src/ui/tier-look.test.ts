import { contrastRatio } from '@loyalty/shared/testing';
import { ALL_TIER_LOOKS, tierLook } from './tier-look';

describe('the card’s colours by tier', () => {
  it('keep the card’s text at 4.5:1 or more against both ends of every gradient', () => {
    for (const look of ALL_TIER_LOOKS) {
      for (const stop of look.stops) expect(contrastRatio(look.foreground, stop)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('differ from one tier to the next, and keep the top one past the fourth level', () => {
    const backgrounds = [1, 2, 3, 4].map((level) => tierLook({ level }).background);
    expect(new Set(backgrounds).size).toBe(4);
    expect(tierLook({ level: 7 })).toBe(tierLook({ level: 4 }));
    expect(tierLook(null)).not.toBe(tierLook({ level: 1 }));
  });
});
