import { expect, test } from '@playwright/test';
import { baseUrl } from './support/session';
import { blockingViolations, signedInPage } from './support/screens';

/**
 * The football service hung (SIGSTOP): its screens show the spec's error message within seconds,
 * while the shell (header, navigation) and the areas served by other services keep working; once it
 * answers again the screen loads. Reads are made unique so that the gateway's cache cannot answer them.
 */
test('a hung football service: Home shows Failed to fetch fixtures, the header and Profile still work, and it recovers', async ({
  browser,
}) => {
  const pid = Number(process.env.E2E_FOOTBALL_PID);
  expect(pid).toBeGreaterThan(0);
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'dark' }, 'down@example.com');
  const team = `nobody-${Date.now()}`;
  process.kill(pid, 'SIGSTOP');
  try {
    await page.goto(`${baseUrl()}/?team=${team}`);
    await expect(page.getByRole('heading', { name: 'Failed to fetch fixtures' })).toBeVisible({ timeout: 10_000 });
    // the status starts the message (the team name in the heading holds a timestamp, which can contain 503 too)
    await expect(page.getByText(/^503: /)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.goto(`${baseUrl()}/profile`);
    await expect(page.getByText('down@example.com').first()).toBeVisible({ timeout: 10_000 });
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  await expect(async () => {
    await page.goto(`${baseUrl()}/?team=${team}-again`);
    await expect(page.getByText('Failed to fetch fixtures')).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await context.close();
});
