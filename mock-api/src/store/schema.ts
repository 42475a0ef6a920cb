import type {
  LanguageCode,
  LocalizedText,
  MenuItem,
  PhoneNumber,
  RewardCategory,
  RewardIcon,
  Tier,
  VoucherUsage,
} from '@loyalty/shared/api';
import { defaultRewards } from '../domain/rewards';

/** Everything the mock API keeps, as stored in `db.json`. Never sent as is: routes present it. */
export interface MemberRecord {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: PhoneNumber;
  country: string;
  preferredLanguage: LanguageCode;
  role: string;
  photo: string;
  /** `scrypt$N$r$p$salt$hash`, never returned. */
  passwordHash: string;
  /** Goes up on every password change; tokens carry it, so older tokens stop working. */
  passwordVersion: number;
  /**
   * The oldest password version whose tokens still open a session, when a change or reset kept
   * the other sessions (decision 079); absent, only the current version's do.
   */
  sessionsFromVersion?: number;
  verified: boolean;
  failedLogins: number;
  locked: boolean;
  /** When the lock began: it ends by itself `LOCKOUT_DURATION` later (none: a lock of old, ended). */
  lockedAt?: string;
  /** When the account was made; for an unverified one, when it was last registered. */
  createdAt: string;
  /**
   * A registration of this verified address by someone who has not shown they own it: its password
   * hashed with the account's own salt, so one hash of a sign-in's password checks both. Signing in
   * with it answers as an unverified registration does, so registering then signing in cannot tell
   * a taken address from a new one.
   */
  unclaimedRegistration?: { passwordHash: string; expiresAt: string };
  menu: MenuItem[];
  workspace: WorkspacePreferences;
  plan: string;
  /** Set when the member turned password sign-in off: then only a passkey signs in. */
  passwordSignInOff?: boolean;
  /**
   * A reset by e-mail made while password sign-in was off: from then on the new password signs in
   * (and password sign-in is on again), unless the member, signed in with a passkey, keeps it off.
   */
  passwordSignInBackAt?: string;
  /** The session (its origin, `originOf`) that turned password sign-in off: its "this wasn't me" undoes it. */
  passwordSignInOffIn?: string;
}

/** A member's passkey (WebAuthn credential), as `verifyRegistrationResponse` gave it. */
export interface PasskeyRecord {
  /** The credential id, base64url: the authenticator names the key by it. */
  id: string;
  memberId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use; a lower one later means a clone. */
  counter: number;
  transports: string[];
  /** `multiDevice`: backup-eligible (a synced passkey). Fixed for a credential's life. */
  deviceType: 'singleDevice' | 'multiDevice';
  /** Whether the key was backed up (synced) at its last use. */
  backedUp: boolean;
  /** Its device and the day it was added, e.g. 'Chrome on Linux, 2026-11-28'. */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The session (its origin, `originOf`) that registered it: its "this wasn't me" removes it. */
  registeredIn?: string;
}

/** A WebAuthn challenge handed out and not used yet: each verifies one ceremony, once, in time. */
export interface PasskeyChallengeRecord {
  challenge: string;
  /** Registering a passkey, signing in, or confirming a deletion with one. */
  purpose: 'register' | 'authenticate' | 'confirm';
  /** The member registering or confirming; null for a sign-in, where the passkey says who. */
  memberId: string | null;
  expiresAt: string;
}

export interface WorkspacePreferences {
  emailNotifications: boolean;
  smsNotifications: boolean;
  newsletter: boolean;
  timezone: string;
}

export interface BookingRecord {
  id: string;
  startDate: string;
  endDate: string;
  points: number;
  /** What the booking cost; counts towards tiers whose criterion is `amount`. */
  amount: number;
  claimedBy: string | null;
  claimedAt: string | null;
  /**
   * The member who made the booking (docs/product/bookings.md): it is in their list of stays.
   * Absent: a booking of the programme's, which no member lists, though any member may claim it.
   */
  memberId?: string;
  /** The hotel's name, as it gives it. */
  property?: string;
  /** When the booking was cancelled; it then earns nothing. */
  cancelledAt?: string;
}

/** As stored: a claim stays `credit_pending`; it is presented as `credit` from `availableOn` on. */
export interface TransactionRecord {
  id: string;
  transactionNumber: string;
  memberId: string;
  date: string;
  /** `expiry`: the balance expired after 24 months without activity (docs/product/expiry.md). */
  kind: 'claim' | 'credit' | 'debit' | 'expiry';
  points: number;
  bookingId?: string;
  availableOn?: string;
  description: string;
  /** A debit that paid for a catalogue reward: which one, named as it was then. */
  reward?: { id: string; name: LocalizedText };
  /** An expiry: the day of the last activity it followed. */
  lastActivity?: string;
  /**
   * One of the two lines of a household transfer (docs/product/household.md): both carry its id.
   * `counterpart`: the other member's name then; `null` once they have deleted their account.
   */
  householdTransfer?: { id: string; direction: 'out' | 'in'; counterpart: string | null };
}

/** A reward of the catalogue (docs/product/rewards.md). */
export interface RewardRecord {
  id: string;
  category: RewardCategory;
  icon: RewardIcon;
  /** Points, read at the moment of each redemption. */
  cost: number;
  /** Units left; `null`: not counted. */
  stock: number | null;
  name: LocalizedText;
  description: LocalizedText;
  /**
   * The rule of its vouchers (docs/product/vouchers.md). Absent in catalogues written before
   * vouchers existed: `voucherRuleOf` then gives the seeded rule of the same id, or the default.
   */
  validityDays?: number;
  cancellationDays?: number;
  usage?: VoucherUsage;
  /** Put first and large in the catalogue; absent: the seeded choice (`SEEDED_FEATURED_REWARD`). */
  featured?: boolean;
}

/** What a redeemed reward gave the member (docs/product/vouchers.md). */
export interface VoucherRecord {
  id: string;
  /** Random, unique among vouchers; what the desk scans or types. */
  code: string;
  memberId: string;
  rewardId: string;
  name: LocalizedText;
  icon: RewardIcon;
  usage: VoucherUsage;
  points: number;
  /** `expired` is not stored: it is read from `validUntil` and the business clock. */
  state: 'active' | 'used' | 'cancelled';
  issuedAt: string;
  validUntil: string;
  cancellableUntil: string;
  usedAt?: string;
  cancelledAt?: string;
  transactionNumber: string;
  refundTransactionNumber?: string;
}

export interface OtpRecord {
  email: string;
  purpose: 'register' | 'reset';
  /** SHA-256 of the code. */
  codeHash: string;
  expiresAt: string;
  attemptsLeft: number;
}

export interface ResetTokenRecord {
  /** SHA-256 of the token: the token itself is only in the e-mail, or with the member's page. */
  tokenHash: string;
  memberId: string;
  expiresAt: string;
}

export interface OutboxRecord {
  to: string;
  subject: string;
  code?: string;
  link?: string;
  body: string;
  sentAt: string;
  /** Members other than the recipient the message names: deleting one's account takes it away. */
  naming?: string[];
}

/** What one address was sent and got wrong, for its code limits (README "Security"). */
export interface CodeLimitRecord {
  email: string;
  /** Codes sent, newest last, kept while they count towards a limit. */
  sends: { purpose: OtpRecord['purpose'] | 'lock'; at: string }[];
  /** Wrong codes entered, kept for the budget's window. */
  wrongCodes: string[];
  /** Codes are refused until then, after the budget was spent. */
  suspendedUntil: string | null;
  /** The same, for each client (its key, `clientKey`) that entered wrong codes for the address. */
  clients?: ClientCodeLimit[];
}

/** One client's wrong codes for one address, and the suspension they led to. */
export interface ClientCodeLimit {
  client: string;
  wrongCodes: string[];
  suspendedUntil: string | null;
}

/** Failed sign-ins for an address that has no account, counted as an account's would be. */
export interface SignInFailureRecord {
  /** SHA-256 of the address: nothing here needs the address itself. */
  emailHash: string;
  failedLogins: number;
  locked: boolean;
  lockedAt?: string;
  lastFailureAt: string;
}

/**
 * A signed-in session: one token, recorded when the API first sees it (docs/product/accounts.md,
 * "Sessions and devices"). Ending one revokes its token.
 */
export interface SessionRecord {
  /** The token's `jti`. */
  id: string;
  memberId: string;
  /** The password version the token was issued for: a session of an older password is over. */
  passwordVersion: number;
  /** As the browser sent it, cut to 256 characters. */
  userAgent: string;
  createdAt: string;
  /** Kept to the minute: the member sees an approximate time. */
  lastUsedAt: string;
  /** The token's `exp` (seconds): the session is over by itself then. */
  expiresAt: number;
  /** A passkey sign-in's origin (`TokenClaims.org`): a "this wasn't me" for that origin ends it too. */
  origin?: string;
  /**
   * A kept session's own end (seconds, decision 080): its tokens are renewed until then, so it is
   * live and listed until then, whatever its current token's `exp`.
   */
  keptUntil?: number;
}

/**
 * A session the member chose to keep on a device (decision 080): the device's cookie trades its
 * secret for a fresh token of the session `id`, and each trade rotates the secret. Only hashes are
 * kept, so the data file cannot forge a kept device.
 */
export interface KeptSessionRecord {
  /** The session's id: every token it is given carries it as `jti`. */
  id: string;
  memberId: string;
  /** SHA-256 of the cookie's current secret. */
  secretHash: string;
  /** SHA-256 of the secret it replaced, and when: a page racing another of the device may still bring it. */
  previous?: { secretHash: string; rotatedAt: string };
  /** SHA-256 of older secrets (the latest few): one brought again means the cookie was copied. */
  spentHashes: string[];
  /** The password version of its sign-in: a change that ends the other sessions ends it. */
  passwordVersion: number;
  origin?: string;
  /** Seconds: the end the member was told of; no token of it lives past it. */
  keptUntil: number;
}

/**
 * A browser the member has signed in from: the SHA-256 of the random id in its device cookie
 * (decision 069). Only the hash is kept, so the data file cannot forge a known device.
 */
export interface KnownDeviceRecord {
  memberId: string;
  deviceHash: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** The "this wasn't me" link of a sign-in alert: it ends `sessionId` and starts a reset, once. */
export interface SignInAlertRecord {
  /** SHA-256 of the link's token: the token itself is only in the e-mail. */
  tokenHash: string;
  memberId: string;
  /** The `jti` of the token the alerted sign-in was given, and that token's `exp` (seconds). */
  sessionId: string;
  /** The password sign-in that session descends from (`originOf`): what it and its passkeys did is undone. */
  origin?: string;
  sessionExpiresAt: number;
  /** The password version that token carries: after a change the session is over anyway. */
  passwordVersion: number;
  expiresAt: string;
}

/** Members who share points (docs/product/household.md). A member is in one household at most. */
export interface HouseholdRecord {
  id: string;
  /** In the order they joined; the first started it. */
  memberIds: string[];
  createdAt: string;
}

/** An invitation to a household, sent by e-mail: its link works once, until `expiresAt`. */
export interface HouseholdInvitationRecord {
  id: string;
  householdId: string;
  /** The address invited: only the member of this address may accept. */
  email: string;
  /** SHA-256 of the link's token: the token itself is only in the e-mail. */
  tokenHash: string;
  invitedBy: string;
  expiresAt: string;
}

export interface Database {
  meta: { schemaVersion: 1; nextTransactionNumber: number };
  members: MemberRecord[];
  bookings: BookingRecord[];
  transactions: TransactionRecord[];
  tiers: Tier[];
  otps: OtpRecord[];
  resetTokens: ResetTokenRecord[];
  /** Token ids ended by logout, kept until the token would have expired anyway. */
  revokedTokens: { jti: string; exp: number }[];
  outbox: OutboxRecord[];
  codeLimits: CodeLimitRecord[];
  signInFailures: SignInFailureRecord[];
  rewards: RewardRecord[];
  passkeys: PasskeyRecord[];
  passkeyChallenges: PasskeyChallengeRecord[];
  sessions: SessionRecord[];
  vouchers: VoucherRecord[];
  knownDevices: KnownDeviceRecord[];
  keptSessions: KeptSessionRecord[];
  signInAlerts: SignInAlertRecord[];
  households: HouseholdRecord[];
  householdInvitations: HouseholdInvitationRecord[];
}

/**
 * Tables added after the first data files were written, as an older file gets them and a new
 * one starts with them (seed.ts): empty, or for the rewards, the seeded catalogue. A function, so each file gets arrays of its own.
 */
export function laterTables() {
  return {
    codeLimits: [],
    signInFailures: [],
    rewards: defaultRewards(),
    passkeys: [],
    passkeyChallenges: [],
    sessions: [],
    vouchers: [],
    knownDevices: [],
    keptSessions: [],
    signInAlerts: [],
    households: [],
    householdInvitations: [],
  } satisfies Partial<Database>;
}
