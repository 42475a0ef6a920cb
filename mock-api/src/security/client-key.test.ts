import { clientKeyOf, subscriberKeyOf } from './client-key';

test('a subscriber is an IPv4 address whole, or an IPv6 /56 however many /64s it spreads over', () => {
  expect(subscriberKeyOf('2001:db8:66:4200::1')).toBe('2001:db8:66:4200::/56');
  expect(subscriberKeyOf('2001:DB8:66:42ff:ffff:ffff:ffff:ffff')).toBe('2001:db8:66:4200::/56');
  // The next /56: another subscriber.
  expect(subscriberKeyOf('2001:db8:66:4300::1')).toBe('2001:db8:66:4300::/56');
  expect(subscriberKeyOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
  expect(subscriberKeyOf('192.0.2.7')).toBe('192.0.2.7');
  // Rate limits still see each /64 of it.
  expect(clientKeyOf('2001:db8:66:42ff::1')).not.toBe(clientKeyOf('2001:db8:66:4200::1'));
});
