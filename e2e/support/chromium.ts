import fs from 'node:fs';

/** The Chromium the tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(`Chromium not found at ${candidate}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  return candidate;
}
