import type { Reward } from '@loyalty/shared/api';
import { texts } from '../../testing/fixtures';
import { categoriesIn, filterFromSearch, filterRewards, filterToSearch } from './rewards-filter';

const reward = (id: string, category: Reward['category'], cost: number, soldOut = false): Reward => ({
  id,
  name: texts(id),
  description: texts(id),
  category,
  icon: 'bed',
  cost,
  remaining: soldOut ? 0 : null,
  validityDays: 180,
  cancellationDays: 7,
  usage: 'desk',
  soldOut,
  image: { src: `/api/rewards/${id}/images/640.webp`, width: 640, height: 360, sources: [], alt: null },
  featured: false,
});
const catalogue = [
  reward('night', 'stays', 4000),
  reward('lounge', 'travel', 200),
  reward('dinner', 'dining', 2500),
  reward('breakfast', 'dining', 450),
  reward('concert', 'experiences', 1200, true),
];

describe('the rewards filter', () => {
  it('round-trips through the URL and ignores what it does not know', () => {
    const filter = { category: 'dining' as const, affordable: true };
    expect(filterFromSearch(filterToSearch(filter))).toEqual(filter);
    expect(filterFromSearch(new URLSearchParams('category=cars&affordable=yes'))).toEqual({
      category: null,
      affordable: false,
    });
  });

  it('keeps a category, cheapest first', () => {
    expect(filterRewards(catalogue, { category: 'dining', affordable: false }, 0).map((r) => r.id)).toEqual([
      'breakfast',
      'dinner',
    ]);
  });

  it('keeps what the balance pays for, never a sold-out reward', () => {
    expect(filterRewards(catalogue, { category: null, affordable: true }, 1500).map((r) => r.id)).toEqual([
      'lounge',
      'breakfast',
    ]);
  });

  it('shows sold-out rewards last', () => {
    expect(filterRewards(catalogue, { category: null, affordable: false }, 0).map((r) => r.id)).toEqual([
      'lounge',
      'breakfast',
      'dinner',
      'night',
      'concert',
    ]);
  });

  it('offers only the categories that hold a reward', () => {
    expect(categoriesIn(catalogue)).toEqual(['stays', 'dining', 'travel', 'experiences']);
  });
});
