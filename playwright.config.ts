import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium';

/**
 * End-to-end tests in Debian Chromium (CHROMIUM_PATH, else /usr/bin/chromium; `npm test` finds or
 * installs one first). The global setup starts the whole stack on a free port with a fresh DATA_DIR.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // The shell's service worker would answer requests page.route() mocks; e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    timezoneId: 'UTC',
    locale: 'en-GB',
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } }],
});
