import type { Balance } from '@loyalty/shared/api';
import { expect, type APIRequestContext } from '@playwright/test';
import { API_ORIGIN } from './endpoints';

/** Talks to the mock API directly, for set-up and for checking what the UI shows. */
export class MockApi {
  constructor(private readonly request: APIRequestContext) {}

  async post<T>(path: string, data: unknown, token?: string): Promise<T> {
    const response = await this.request.post(`${API_ORIGIN}${path}`, {
      data,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  async get<T>(path: string, token?: string): Promise<T> {
    const response = await this.request.get(`${API_ORIGIN}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /** The newest code "sent" to an address (the mock API's dev outbox). */
  latestCode(email: string): Promise<string> {
    return this.newest(email, 'code');
  }

  /** The link of the newest e-mail that carries one (a reset e-mail, a lock notice). */
  latestLink(email: string): Promise<string> {
    return this.newest(email, 'link');
  }

  /** `field` of the newest message to `email` that has one. */
  private async newest(email: string, field: 'code' | 'link'): Promise<string> {
    const { data } = await this.get<{ data: Array<Partial<Record<typeof field, string>>> }>(
      `/api/dev/outbox?email=${encodeURIComponent(email)}`,
    );
    const value = data.find((message) => message[field])?.[field];
    expect(value, `no ${field} in the outbox of ${email}`).toBeTruthy();
    return value!;
  }

  async balance(token: string) {
    return (await this.get<{ data: Balance }>('/api/user/points/balance', token)).data;
  }
}
