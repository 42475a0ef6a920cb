import type { Country, User } from '@loyalty/shared/api';
import { TEST_USER as SHARED_TEST_USER } from '@loyalty/shared/testing';

/** Test data in the API's shapes, so component tests stub the network with realistic answers. */
// The shared test member with a number whose dial code (+1 268, Antigua) needs the longest match.
export const TEST_USER: User = { ...SHARED_TEST_USER, MobileNumber: '+12685551234' };

const country = (code: string, phone: string, en: string, fr: string, suggested = false): Country => ({
  code,
  label: en,
  phone,
  ...(suggested ? { suggested: true } : {}),
  translations: { en, fr, de: en, es: en },
});

export const TEST_COUNTRIES: Country[] = [
  { code: '', label: '', phone: '', translations: { en: '', fr: '', de: '', es: '' } },
  country('AG', '1-268', 'Antigua & Barbuda', 'Antigua-et-Barbuda'),
  country('DE', '49', 'Germany', 'Allemagne', true),
  country('FR', '33', 'France', 'France', true),
  country('IN', '91', 'India', 'Inde'),
  country('US', '1', 'United States', 'États-Unis', true),
];
