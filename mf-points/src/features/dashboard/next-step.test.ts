import { nextStep } from './next-step';

const balance = (pointBalance: number, pointsPending = 0) => ({
  pointBalance,
  pointsPending,
  totalClaimed: pointBalance + pointsPending,
  nextExpiry: null,
});
const pending = (points: number, availableOn: string) => ({
  transactionNumber: `TXN-${availableOn}`,
  bookingId: 'BK-1',
  points,
  availableOn,
});

describe('the next step by the member’s state', () => {
  it('sends a member with nothing yet to claim', () => {
    expect(nextStep(balance(0), [])).toEqual({ kind: 'claim_first' });
  });

  it('tells a member whose points are all pending when the first ones unlock, adding those of the same day', () => {
    expect(
      nextStep(balance(0, 900), [pending(200, '2030-07-01'), pending(300, '2030-06-06'), pending(400, '2030-06-06')]),
    ).toEqual({
      kind: 'wait',
      unlocking: { points: 700, date: '2030-06-06' },
    });
  });

  it('sends a member with points to the rewards, with what unlocks next', () => {
    expect(nextStep(balance(650, 700), [pending(700, '2030-06-06')])).toEqual({
      kind: 'spend',
      points: 650,
      unlocking: { points: 700, date: '2030-06-06' },
    });
    expect(nextStep(balance(10), [])).toEqual({ kind: 'spend', points: 10, unlocking: null });
  });

  it('never offers to spend a balance of zero or below', () => {
    expect(nextStep(balance(0), []).kind).toBe('claim_first');
  });
});
