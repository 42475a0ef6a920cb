import Bowser from 'bowser';
import type { Database, MemberRecord, SessionRecord } from '../store/schema';
import type { TokenClaims } from '../auth/jwt';

/** How finely a session's last use is kept: the member is told an approximate time, and a request writes at most this often. */
export const LAST_USE_RESOLUTION_MS = 60_000;
const USER_AGENT_MAX = 256;

/** A session as the member sees it (docs/product/accounts.md, "Sessions and devices"). */
export interface SessionView {
  id: string;
  browser: string;
  os: string;
  deviceType: 'desktop' | 'mobile' | 'tablet' | 'other';
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
  /** A kept session's end (decision 080): "kept signed in until …". */
  keptUntil?: string;
}

/** The browser, system and kind of device a user agent names; "Unknown" where it names none. */
export function deviceOf(userAgent: string): Pick<SessionView, 'browser' | 'os' | 'deviceType'> {
  const parsed = Bowser.parse(userAgent || ' ');
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split('.')[0]].filter(Boolean).join(' ');
  const type = parsed.platform.type;
  return {
    browser: browser || 'Unknown',
    os: os || 'Unknown',
    deviceType: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other',
  };
}

/**
 * Whether a token issued at password version `version` still opens a session: one of the current
 * password, or of an older one that a change or reset chose to keep signed in (decision 079).
 */
export function versionSignsIn(member: Pick<MemberRecord, 'passwordVersion' | 'sessionsFromVersion'>, version: number) {
  return version <= member.passwordVersion && version >= (member.sessionsFromVersion ?? member.passwordVersion);
}

/**
 * A new password for `member`, inside a transaction: the version moves on, and the sessions of
 * older ones end unless `keepOthers` (decision 079).
 */
export function moveToNewPassword(member: MemberRecord, passwordHash: string, keepOthers: boolean): void {
  if (keepOthers) member.sessionsFromVersion = member.sessionsFromVersion ?? member.passwordVersion;
  else delete member.sessionsFromVersion;
  member.passwordHash = passwordHash;
  member.passwordVersion += 1;
}

/** When a session is over by itself: a kept one at its own end, another with its token (seconds). */
export function endOf(session: Pick<SessionRecord, 'expiresAt' | 'keptUntil'>): number {
  return Math.max(session.expiresAt, session.keptUntil ?? 0);
}

/** The member's sessions still in force at `nowMs`: unexpired, of a password version that signs in. */
export function liveSessionsOf(data: Pick<Database, 'sessions'>, member: MemberRecord, nowMs: number): SessionRecord[] {
  return data.sessions.filter(
    (session) =>
      session.memberId === member.id &&
      versionSignsIn(member, session.passwordVersion) &&
      endOf(session) * 1000 > nowMs,
  );
}

/**
 * Whether a request with `claims` must write its session: the first time the API sees the token,
 * and then at most once a `LAST_USE_RESOLUTION_MS`.
 */
export function sessionNeedsWriting(data: Pick<Database, 'sessions'>, claims: TokenClaims, nowMs: number): boolean {
  const session = data.sessions.find((candidate) => candidate.id === claims.jti);
  return !session || nowMs - Date.parse(session.lastUsedAt) >= LAST_USE_RESOLUTION_MS;
}

/** Records or refreshes the session of `claims` in a transaction, and drops the sessions that are over. */
export function touchSession(
  data: Database,
  member: MemberRecord,
  claims: TokenClaims,
  userAgent: string,
  nowMs: number,
) {
  const now = new Date(nowMs).toISOString();
  data.sessions = data.sessions.filter((session) => endOf(session) * 1000 > nowMs);
  const session = data.sessions.find((candidate) => candidate.id === claims.jti);
  if (session) {
    session.lastUsedAt = now;
    // A kept session's newer token (decision 080) ends later than the one it was recorded with.
    session.expiresAt = Math.max(session.expiresAt, claims.exp);
    return;
  }
  data.sessions.push({
    id: claims.jti,
    memberId: member.id,
    passwordVersion: claims.pwv,
    userAgent: userAgent.slice(0, USER_AGENT_MAX),
    createdAt: new Date(claims.iat * 1000).toISOString(),
    lastUsedAt: now,
    expiresAt: claims.exp,
    ...(claims.org ? { origin: claims.org } : {}),
  });
}

/**
 * Ends sessions in a transaction: their tokens are refused from now on. A kept one (decision 080)
 * ends whole: its device's secret trades for nothing more, and every token it was given, until its
 * own end, is refused.
 */
export function endSessions(
  data: Database,
  ended: readonly Pick<SessionRecord, 'id' | 'expiresAt'>[],
  nowSeconds: number,
): void {
  const ids = new Set(ended.map((session) => session.id));
  const keptUntil = new Map(
    data.keptSessions.filter((kept) => ids.has(kept.id)).map((kept) => [kept.id, kept.keptUntil]),
  );
  data.keptSessions = data.keptSessions.filter((kept) => !ids.has(kept.id));
  data.sessions = data.sessions.filter((session) => !ids.has(session.id));
  data.revokedTokens = data.revokedTokens.filter((revoked) => revoked.exp > nowSeconds);
  for (const session of ended) {
    data.revokedTokens.push({ jti: session.id, exp: Math.max(session.expiresAt, keptUntil.get(session.id) ?? 0) });
  }
}

export function viewOf(session: SessionRecord, currentId: string): SessionView {
  return {
    id: session.id,
    ...deviceOf(session.userAgent),
    createdAt: session.createdAt,
    lastUsedAt: session.lastUsedAt,
    current: session.id === currentId,
    ...(session.keptUntil ? { keptUntil: new Date(session.keptUntil * 1000).toISOString() } : {}),
  };
}
