import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { baseUrl, signIn } from './session';

/** A viewport width and a theme: the screens are checked on a phone (390 px) and a desktop (1280 px), light and dark. */
export interface Look {
  width: 390 | 1280;
  theme: 'light' | 'dark';
}

export const ALL_LOOKS: readonly Look[] = [
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
];

/** Two looks that between them cover both widths and both themes, for the longer user journeys. */
export const JOURNEY_LOOKS: readonly Look[] = [
  { width: 390, theme: 'light' },
  { width: 1280, theme: 'dark' },
];

export const lookName = (look: Look) => `${look.width}px ${look.theme}`;

/** A fresh browser context at the look's width with the theme stored before the first load, signed in as `email`. */
export async function signedInPage(
  browser: Browser,
  look: Look,
  email: string,
  timezoneId = 'UTC',
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    viewport: { width: look.width, height: look.width === 390 ? 844 : 800 },
    isMobile: look.width === 390,
    hasTouch: look.width === 390,
    timezoneId,
    locale: 'en-GB',
  });
  await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), look.theme);
  const page = await context.newPage();
  await signIn(page, email);
  if (look.theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  return { page, context };
}

/** Reads the API the way the page does (same cookies), failing on a non-OK reply. */
export async function getJson<T>(page: Page, apiPath: string): Promise<T> {
  const response = await page.request.get(`${baseUrl()}${apiPath}`);
  expect(response.ok(), `${apiPath} -> ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Runs axe (WCAG 2.1 A/AA) on the screen, the shell's header excepted (it is checked with the account
 * screens): the serious and critical violations, one line each (empty when none).
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('header').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Writes a full-page screenshot to /tmp/screens (or SCREENS_DIR) for a person to look at; never committed. */
export async function saveScreenshot(page: Page, name: string, look: Look): Promise<void> {
  const dir = process.env.SCREENS_DIR ?? '/tmp/screens';
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${look.width}-${look.theme}.png`), fullPage: true });
}

/** Answers every call matching `pattern` with an HTTP 500, as a stopped service behind the gateway would. */
export async function failApi(page: Page, pattern: string | RegExp): Promise<void> {
  await page.route(pattern, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'service unavailable' }));
}

/** Holds every call matching `pattern` until the returned release() is called (to see loading states). */
export async function holdApi(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Clicks a link and waits for the address it leads to. The shell ignores navigations for 100 ms after
 * another one or a back/forward event (spec §4), faster than a person clicks but not than a test, so
 * an ignored click is repeated until the page is there.
 */
export async function follow(page: Page, link: Locator, url: string | RegExp): Promise<void> {
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(url, { timeout: 1_000 });
  }).toPass({ intervals: [200, 400, 800], timeout: 15_000 });
}
