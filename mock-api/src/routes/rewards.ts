import { Router } from 'express';
import * as v from 'valibot';
import {
  REWARD_CATEGORIES,
  REWARD_ICONS,
  REWARD_REFUSAL_FIELDS,
  RedeemRewardRequestSchema,
  LocalizedTextSchema,
  VoucherUsageSchema,
} from '@loyalty/shared/api';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { HttpError, asyncRoute } from '../http/errors';
import { parseArtFile, rewardImageRenderer } from '../http/reward-images';
import { parseInput } from '../http/validate';
import { afterDebit, balanceOf, recordTransaction, present } from '../domain/ledger';
import { writeDueExpiries } from '../domain/expiry';
import { presentReward } from '../domain/rewards';
import { issueVoucher, presentVoucher } from '../domain/vouchers';
import type { RewardRecord } from '../store/schema';

export const REWARD_REDEEMED = 'Reward redeemed successfully';
export const REWARD_NOT_FOUND = 'No such reward';
export const PICTURE_NOT_FOUND = 'No such picture';
export const REWARD_SOLD_OUT = 'This reward is sold out';
export const priceChanged = (cost: number) => `The price of this reward is now ${cost} points`;
export const overBalance = (available: number) =>
  `You can redeem at most ${available} points: that is your available balance.`;

/** A catalogue id: lower-case words and hyphens. Anything else cannot name a reward. */
const REWARD_ID = /^[a-z0-9-]{1,64}$/;

/**
 * The rewards catalogue and its redemption (docs/product/rewards.md). A redemption reads the price
 * and the units left and checks the balance in the same synchronous section that writes the debit
 * and takes the unit, so concurrent redemptions of the last units can neither oversell a reward
 * nor overdraw a balance.
 */
export function rewardRoutes(context: AppContext): Router {
  const { store, clock } = context;
  const router = Router();
  const authenticated = requireMember(context);
  const renderImage = rewardImageRenderer();

  router.get('/rewards', authenticated, (_request, response) => {
    response.json({ data: store.data.rewards.map(presentReward) });
  });

  // A reward's picture (docs/product/rewards.md, "Pictures"). No session: an <img> sends no token,
  // and the pictures are the programme's, not a member's. The catalogue's address names the
  // drawing's version, so that answer is cached for good; any other, briefly.
  router.get(
    '/rewards/:rewardId/images/:file',
    asyncRoute(async (request, response) => {
      const record = store.data.rewards.find((reward) => reward.id === request.params.rewardId);
      const file = parseArtFile(request.params.file ?? '');
      if (!record || !file) throw new HttpError(404, PICTURE_NOT_FOUND);
      const { version, picture } = renderImage(record, file.width, file.format);
      response
        .type(`image/${file.format}`)
        .set('Cache-Control', request.query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache')
        // The portal's pages are another origin of the same site.
        .set('Cross-Origin-Resource-Policy', 'same-site')
        .send(await picture);
    }),
  );

  router.post('/rewards/:rewardId/redeem', authenticated, (request, response) => {
    const rewardId = String(request.params.rewardId ?? '');
    const input = parseInput(RedeemRewardRequestSchema, request.body);
    const { member } = session(response);
    const now = clock.now();
    const today = clock.today();
    const result = store.transact((data) => {
      const reward = REWARD_ID.test(rewardId) ? data.rewards.find((entry) => entry.id === rewardId) : undefined;
      if (!reward) throw new HttpError(404, REWARD_NOT_FOUND);
      if (reward.stock !== null && reward.stock <= 0)
        throw new HttpError(409, REWARD_SOLD_OUT, { [REWARD_REFUSAL_FIELDS.soldOut]: REWARD_SOLD_OUT });
      // The catalogue's price now is what is paid; a member who confirmed another price is asked again.
      if (input.cost !== reward.cost) {
        const text = priceChanged(reward.cost);
        throw new HttpError(409, text, { [REWARD_REFUSAL_FIELDS.priceChanged]: text });
      }
      // An expiry the clock has reached is written first: expired points cannot be spent.
      writeDueExpiries(data, member.id, today);
      const balance = balanceOf(data, member.id, today);
      const available = balance.pointBalance;
      if (reward.cost > available) {
        const text = overBalance(available);
        throw new HttpError(422, text, { [REWARD_REFUSAL_FIELDS.overBalance]: text });
      }
      if (reward.stock !== null) reward.stock -= 1;
      const record = recordTransaction(data, {
        memberId: member.id,
        date: now.toISOString(),
        kind: 'debit',
        points: reward.cost,
        description: `Redeemed: ${reward.name.en}`,
        reward: { id: reward.id, name: { ...reward.name } },
      });
      // The voucher is written with the debit: a redemption that counts always has its voucher.
      const voucher = issueVoucher(data, {
        memberId: member.id,
        reward,
        transactionNumber: record.transactionNumber,
        now,
        today,
      });
      return {
        transaction: present(record, today),
        balance: afterDebit(balance, reward.cost, today),
        reward: presentReward(reward),
        voucher: presentVoucher(voucher, now),
      };
    });
    response.json({ message: REWARD_REDEEMED, data: result });
  });

  return router;
}

/** `POST /api/dev/rewards`: a reward of a test's own, or new units and price for one. */
export const PutRewardRequestSchema = v.object({
  id: v.pipe(v.string(), v.regex(REWARD_ID, 'validation.value_invalid')),
  category: v.picklist(REWARD_CATEGORIES, 'validation.value_invalid'),
  icon: v.picklist(REWARD_ICONS, 'validation.value_invalid'),
  cost: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000)),
  stock: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000))),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  validityDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650))),
  cancellationDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365))),
  usage: v.optional(VoucherUsageSchema),
});

/** Development-only: lets tests set up a reward's price and units (never mounted in production). */
export function rewardDevRoutes(context: AppContext): Router {
  const { store } = context;
  const router = Router();
  router.post('/rewards', (request, response) => {
    const input: RewardRecord = parseInput(PutRewardRequestSchema, request.body);
    const reward = store.transact((data) => {
      const index = data.rewards.findIndex((entry) => entry.id === input.id);
      if (index >= 0) data.rewards[index] = input;
      else data.rewards.push(input);
      return input;
    });
    response.status(201).json({ data: presentReward(reward) });
  });
  return router;
}
