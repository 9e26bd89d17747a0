import { expect, type Page } from '@playwright/test';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
};

/**
 * Signs in as a user would: Continue with Google on the login page of `from` (default /) -> the dev provider's
 * "Sign in as" form -> back on `from`, signed in.
 */
export async function signIn(page: Page, email: string, names: { firstName?: string; lastName?: string } = {}, from = '/'): Promise<void> {
  await page.goto(`${baseUrl()}${from}`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAs(page, email, names, from);
}

/**
 * Signs in as someone else in the same browser without signing out first (a sign-in tab left open,
 * Google's account chooser). The app's session cookie stays; the development provider's own cookies (same host,
 * another port) are dropped, as picking another account in Google's chooser would: otherwise it signs the
 * previous user in again without asking.
 */
export async function signInAsAnotherUser(page: Page, email: string, names: { firstName?: string; lastName?: string } = {}): Promise<void> {
  await page.context().clearCookies({ name: /^(?!matchday\.)/ });
  await page.goto(`${baseUrl()}/auth/google`);
  await signInAs(page, email, names);
}

/** The dev provider's "Sign in as" form, then back on `landing` (default home) signed in. */
async function signInAs(page: Page, email: string, names: { firstName?: string; lastName?: string }, landing = '/'): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  if (names.firstName) await page.getByLabel('First name').fill(names.firstName);
  if (names.lastName) await page.getByLabel('Last name').fill(names.lastName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl()}${landing}`);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** The e2e stack's ANALYTICS_ENDPOINT: nothing listens there; e2e/analytics.spec.ts answers it with page.route(). */
export const ANALYTICS_ENDPOINT = 'http://127.0.0.1:9/api/event';
