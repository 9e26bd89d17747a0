import { expect, test } from '@playwright/test';
import { baseUrl } from './support/session';
import { signedInPage } from './support/screens';

/**
 * Spec §4: navigations within 100 ms of the previous one are ignored. That holds for the
 * app's programmatic navigations too (a card click, tab changes), not only <a> clicks.
 * Each double action below is dispatched in one task, well inside the window.
 */
test('a double-clicked card and two quick tab changes each count once (navigate(-1) is covered by shell/test/navigation-guard.test.ts)', async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'nav-guard@example.com');
  await page.goto(`${baseUrl()}/?type=week`);
  const card = page.getByTestId('fixture-card').first();
  await expect(card).toBeVisible();
  const historyLength = () => page.evaluate(() => window.history.length);
  const before = await historyLength();

  // A card is a programmatic navigate(path): the second call is dropped, so one history entry is added
  await card.evaluate((element) => {
    (element as HTMLElement).click();
    (element as HTMLElement).click();
  });
  await expect(page).toHaveURL(/\/squad\//);
  expect(await historyLength()).toBe(before + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/\?type=week$/);

  // Two tab changes (search-param navigations) in a row: the first is taken, the second ignored
  const tablist = page.getByRole('tablist', { name: 'Fixture day' });
  await expect(tablist).toBeVisible();
  await page.waitForTimeout(150);
  await tablist.evaluate((list) => {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    tabs.find((tab) => tab.textContent?.trim() === 'Tomorrow')!.click();
    tabs.find((tab) => tab.textContent?.trim() === 'Today')!.click();
  });
  await expect(page).toHaveURL(/tab=tomorrow/);
  await page.waitForTimeout(150);
  await expect(page).toHaveURL(/tab=tomorrow/);

  await context.close();
});
