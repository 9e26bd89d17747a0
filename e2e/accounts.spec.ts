import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminDashboard, AuthUser } from '@matchday/contracts';
import { baseUrl, signIn } from './support/session';

/** A fresh browser (own cookies and storage: another device) signed in as `email`. */
async function device(browser: Browser, email: string, names: { firstName?: string; lastName?: string } = {}): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, names);
  return page;
}

async function authUser(page: Page): Promise<AuthUser> {
  const response = await page.request.get(`${baseUrl()}/api/auth/user`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AuthUser;
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
// The newest toast (an earlier one may still be on screen)
const toast = (page: Page) => page.getByTestId('toast').last();

async function applyCode(page: Page, code: string): Promise<void> {
  await page.goto(`${baseUrl()}/settings`);
  await page.getByLabel('Referral Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Apply Code' }).click();
}

test('referral: B applies A’s code, both get premium until the right date; B cannot apply again, A cannot apply its own', async ({
  browser,
}) => {
  const a = await device(browser, 'e2e.alice.referrer@example.com', { firstName: 'Alice', lastName: 'Referrer' });
  const b = await device(browser, 'bobnewcomer@example.com', { firstName: 'Bob' });

  await a.goto(`${baseUrl()}/profile`);
  await expect(a.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(a).toHaveTitle('Profile | Matchday');
  await expect(a.getByTestId('subscription-status')).toHaveText('Free Access');
  const code = (await a.getByTestId('my-referral-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await expect(a.getByTestId('my-share-link')).toHaveText(`${baseUrl()}/social-preview/${code}`);
  await expect(a.getByTestId('my-referrals')).toContainText('No referrals yet');

  // B types the code in lower case: the field forces upper case and 8 characters at most
  await b.goto(`${baseUrl()}/settings`);
  const input = b.getByLabel('Referral Code', { exact: true });
  await expect(b.getByRole('button', { name: 'Apply Code' })).toBeDisabled();
  await input.fill(`  ${code.toLowerCase()} `);
  await expect(input).toHaveValue(code); // pasted with spaces around it: the code is kept whole
  await input.fill(`${code.toLowerCase()}XYZ`);
  await expect(input).toHaveValue(code);
  await b.getByRole('button', { name: 'Apply Code' }).click();
  await expect(toast(b)).toContainText('Referral code applied!');
  await expect(toast(b)).toContainText("You've successfully applied the referral code and received 1 month free access!");
  await expect(input).toHaveValue('');

  const bUser = await authUser(b);
  const aUser = await authUser(a);
  for (const user of [aUser, bUser]) {
    expect(user.freeAccessUntil).not.toBeNull();
    const days = (Date.parse(user.freeAccessUntil!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThanOrEqual(31);
  }
  await b.goto(`${baseUrl()}/profile`);
  await expect(b.getByTestId('subscription-status')).toHaveText(`1 Month Free Premium Until ${longDate(bUser.freeAccessUntil!)}`);
  await expect(b.getByTestId('premium-banner')).toBeVisible();
  await expect(b.getByText('Not provided')).toBeVisible(); // Bob gave no last name

  await a.reload();
  await expect(a.getByTestId('subscription-status')).toHaveText(`1 Month Free Premium Until ${longDate(aUser.freeAccessUntil!)}`);
  const item = a.getByTestId('referral-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Bob');
  await expect(item).toContainText('bobnewcomer@example.com');
  await expect(item).toContainText('completed');

  // B cannot apply again; A cannot apply its own code; nothing changes
  await applyCode(b, code);
  await expect(toast(b)).toContainText('Failed to apply referral code');
  await expect(toast(b)).toContainText('You have already used a referral code.');
  await applyCode(a, code);
  await expect(toast(a)).toContainText('You cannot use your own referral code.');
  // Spaces only: no request, the §8 toast
  await applyCode(a, '   ');
  await expect(toast(a)).toContainText('Enter referral code');
  await expect(toast(a)).toContainText('Please enter a valid referral code.');
  expect((await authUser(a)).freeAccessUntil).toBe(aUser.freeAccessUntil);
  expect((await authUser(b)).freeAccessUntil).toBe(bUser.freeAccessUntil);

  // Copy buttons show 'Copied' for 2 s
  await a.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await a.goto(`${baseUrl()}/profile`);
  const copy = a.getByRole('button', { name: 'Copy referral code' });
  await copy.click();
  await expect(copy).toHaveText('Copied');
  await expect(toast(a)).toContainText('Referral code copied to clipboard');
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(copy).toHaveText('Copy', { timeout: 4000 });

  await a.context().close();
  await b.context().close();
});

test('the theme chosen on one device is applied on another for the same user', async ({ browser }) => {
  const laptop = await device(browser, 'e2e.theme.user@example.com');
  await expect(laptop.locator('html')).toHaveClass(/dark/);
  await laptop.goto(`${baseUrl()}/settings`);
  const dark = laptop.getByRole('switch', { name: 'Dark Mode' });
  await expect(dark).toHaveAttribute('aria-checked', 'true');
  await dark.click();
  await expect(dark).toHaveAttribute('aria-checked', 'false');
  await expect(laptop.locator('html')).not.toHaveClass(/dark/);
  await expect(toast(laptop)).toContainText('Theme updated');

  // A new browser context starts dark (nothing stored locally) and takes the user's theme from the server
  const phone = await device(browser, 'e2e.theme.user@example.com');
  await expect(phone.locator('html')).not.toHaveClass(/dark/);
  expect(await phone.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  // and back again
  await phone.goto(`${baseUrl()}/settings`);
  await phone.getByRole('switch', { name: 'Dark Mode' }).click();
  await expect(phone.locator('html')).toHaveClass(/dark/);
  await expect(toast(phone)).toContainText('Theme updated');
  expect((await authUser(phone)).theme).toBe('dark');

  await laptop.context().close();
  await phone.context().close();
});

test('delete account: confirmation, success toast, ends on the login page, and the data is gone', async ({ browser }) => {
  const email = 'e2e.leaving.user@example.com';
  const page = await device(browser, email, { firstName: 'Leaving' });
  const before = await authUser(page);
  await page.goto(`${baseUrl()}/profile`);
  const zone = page.getByTestId('danger-zone');
  await zone.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
  await expect(dialog).toBeVisible();
  // Clicking outside does not dismiss it; Cancel does
  await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // A failed deletion (here the server answers 500 with its own message) shows the spec's message and keeps the account
  await page.route(
    '**/api/auth/delete-account',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"database on fire"}' }),
    { times: 1 },
  );
  await zone.getByRole('button', { name: 'Delete Account' }).click();
  await dialog.getByRole('button', { name: 'Yes, Delete My Account' }).click();
  await expect(toast(page)).toContainText('Delete Failed');
  await expect(toast(page)).toContainText('Failed to delete account');
  await expect(toast(page)).not.toContainText('database on fire');
  await expect(dialog).toHaveCount(0);
  expect((await authUser(page)).id).toBe(before.id);

  await zone.getByRole('button', { name: 'Delete Account' }).click();
  await page.route('**/api/auth/delete-account', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Yes, Delete My Account' }).click();
  await expect(dialog.getByRole('button', { name: 'Deleting Account...' })).toBeDisabled();
  await expect(toast(page)).toContainText('Account Deleted');
  await expect(toast(page)).toContainText('Your account has been permanently deleted. You will be redirected to the home page.');
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible({ timeout: 10_000 });
  expect((await page.request.get(`${baseUrl()}/api/auth/user`)).status()).toBe(401);

  // The administrator no longer sees the account, and its referral code no longer works
  const admin = await device(browser, 'admin@matchday.test');
  const dashboard = (await (await admin.request.get(`${baseUrl()}/api/admin/dashboard`)).json()) as AdminDashboard;
  expect(dashboard.recentUsers.map((u) => u.email)).not.toContain(email);
  expect(dashboard.recentUsers.map((u) => u.email)).toContain('admin@matchday.test');
  await applyCode(admin, before.referralCode!);
  await expect(toast(admin)).toContainText('Invalid referral code. Please check the code and try again.');

  // Signing in again (here on another device) makes a new account
  const again = await device(browser, email);
  const after = await authUser(again);
  await again.context().close();
  expect(after.id).not.toBe(before.id);
  expect(after.referralCode).not.toBe(before.referralCode);
  await page.context().close();
  await admin.context().close();
});

test('the Share menu: six networks as 600x400 pop-ups with the referral link, and copy link', async ({ browser }) => {
  const page = await device(browser, 'e2e.sharer@example.com');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await page.evaluate(() => {
    const opened: unknown[][] = [];
    (window as unknown as { opened: unknown[][] }).opened = opened;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
  });
  const user = await authUser(page);
  const link = `${baseUrl()}/social-preview/${user.referralCode}`;
  const share = page.getByRole('button', { name: 'Share' });
  await share.click();
  const menu = page.getByRole('menu', { name: 'Share' });
  for (const name of ['Facebook', 'Twitter', 'WhatsApp', 'LinkedIn', 'Telegram', 'Reddit']) {
    await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: 'Twitter' }).click();
  await share.click();
  await page.getByRole('menuitem', { name: 'WhatsApp' }).click();
  const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
  expect(opened).toHaveLength(2);
  const [twitterUrl, , features] = opened[0]!;
  expect(features).toContain('width=600,height=400');
  const twitter = new URL(twitterUrl!);
  expect(twitter.host).toBe('twitter.com');
  expect(twitter.searchParams.get('url')).toBe(link);
  expect(twitter.searchParams.get('text')).toContain('Get live stats and insights. Download the Matchday app now!');
  expect(twitter.searchParams.get('text')).toContain(user.referralCode!);
  expect(new URL(opened[1]![0]!).searchParams.get('text')).toContain(link);

  await share.click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(toast(page)).toContainText('Share link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.context().close();
});

test('blog, article, privacy and delete-account pages, social preview and a referral link opened signed out', async ({ page, browser }) => {
  await signIn(page, 'e2e.reader@example.com');
  await page.goto(`${baseUrl()}/blogs`);
  await expect(page.getByTestId('blog-post')).toHaveCount(1);
  await expect(page.getByTestId('blog-post')).toContainText('September 18, 2025');
  await expect(page.getByRole('heading', { name: 'More Posts Coming Soon!' })).toBeVisible();
  await page.getByRole('link', { name: /^Read More/ }).click();
  await expect(page).toHaveURL(/\/Insights-and-Analysis$/);
  await expect(page.getByRole('heading', { name: 'Related Resources' })).toBeVisible();
  // The shell ignores a navigation within 100 ms of the previous one (spec §4): click again until it is taken
  await expect(async () => {
    await page.getByRole('link', { name: '← Back to Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/, { timeout: 1000 });
  }).toPass();

  await page.goto(`${baseUrl()}/privacy-policy`);
  await expect(page.getByText('Last updated: September 20, 2025')).toBeVisible();
  await page.goto(`${baseUrl()}/delete-account`);
  await expect(page.getByText('processed within 7 business days')).toBeVisible();
  await expect(page.getByText('up to 30 days after deletion')).toBeVisible();
  // SUPPORT_EMAIL of the e2e stack, on the page and in the footer
  await expect(page.getByRole('link', { name: 'help@matchday.test' }).first()).toHaveAttribute('href', /^mailto:help@matchday\.test/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Support' })).toHaveAttribute('href', 'mailto:help@matchday.test');

  await page.goto(`${baseUrl()}/social-preview`);
  await expect(page.getByRole('tab', { name: 'Elegant Tile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('preview-discord')).toBeVisible();
  await page.getByRole('tab', { name: 'Live Testing' }).click();
  await expect(page.getByRole('link', { name: 'Facebook Sharing Debugger' })).toBeVisible();
  await page.getByRole('tab', { name: 'Preview Generator' }).click();
  await page.getByLabel('Title').fill('My test title');
  await expect(page.getByTestId('preview-twitter')).toContainText('My test title');

  // A referral link opened by someone signed out: login page with the invitation, code offered in Settings after sign-in
  const referrer = await authUser(page);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`${baseUrl()}/social-preview/${referrer.referralCode}`);
  await expect(visitor.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await expect(visitor.getByTestId('referral-invitation')).toContainText(referrer.referralCode!);
  // signing in from the invitation comes back to it
  await signIn(visitor, 'e2e.invited@example.com', {}, `/social-preview/${referrer.referralCode}`);
  await expect(visitor.getByTestId('referral-invitation')).toContainText("You've been invited to Matchday");
  await visitor.goto(`${baseUrl()}/settings`);
  await expect(visitor.getByLabel('Referral Code', { exact: true })).toHaveValue(referrer.referralCode!);
  await visitor.goto(`${baseUrl()}/social-preview/${referrer.referralCode}`);
  await expect(visitor.getByTestId('referral-invitation')).toContainText("You've been invited to Matchday");
  // a link whose code cannot be one (7 characters) is not presented as an invitation
  await visitor.goto(`${baseUrl()}/social-preview/BADCODE`);
  await expect(visitor.getByTestId('referral-invitation-invalid')).toContainText('This invitation link is not valid');
  await expect(visitor.getByTestId('referral-invitation')).toHaveCount(0);
  await context.close();
});
