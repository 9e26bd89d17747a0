import fs from 'node:fs';
import path from 'node:path';
import type { AppFile, AppFiles } from '@matchday/contracts';

const MANIFEST_NAMES = ['manifest.webmanifest', 'manifest.json', 'site.webmanifest'];
const SERVICE_WORKER_NAMES = ['sw.js', 'service-worker.js', 'serviceWorker.js'];
const IMAGE = /\.(png|svg|ico|webp|jpg|jpeg)$/i;
const ICON = /(^|\/)(icons?\/|favicon|apple-touch-icon|icon-|maskable)/i;
const LOGO = /(^|\/)(logo|og-image|social)/i;

/** Files under `dir` (one level of sub-folders), as paths relative to it with "/" separators. */
function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (relative: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory() && depth < 1) walk(name, depth + 1);
      else if (entry.isFile()) files.push(name);
    }
  };
  walk('', 0);
  return files.sort();
}

function appFile(dir: string, name: string): AppFile {
  return { name, url: `/${name}`, bytes: fs.statSync(path.join(dir, name)).size };
}

/**
 * GET /api/admin/pwa-files: the web app manifest, service worker, icons and logos the shell build
 * produced, found on disk (never a list of names that may not exist). The icons are those the manifest
 * names plus favicon / apple-touch / icons/ files; before the shell builds any, the reply is empty.
 */
export function appFiles(dir: string): AppFiles {
  const files = listFiles(dir);
  const present = new Set(files);
  const manifestName = MANIFEST_NAMES.find((name) => present.has(name));
  const icons = new Set<string>();
  if (manifestName) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, manifestName), 'utf8')) as { icons?: Array<{ src?: unknown }> };
      for (const icon of manifest.icons ?? []) {
        if (typeof icon.src !== 'string') continue;
        const name = icon.src.replace(/^\.?\//, '').split(/[?#]/)[0] ?? '';
        if (present.has(name)) icons.add(name);
      }
    } catch {
      // an unreadable manifest still lists as a file; its icons are found by name below
    }
  }
  for (const name of files) if (IMAGE.test(name) && ICON.test(name) && !name.startsWith('assets/')) icons.add(name);
  const logos = files.filter((name) => IMAGE.test(name) && LOGO.test(name) && !icons.has(name) && !name.startsWith('assets/'));
  const serviceWorker = SERVICE_WORKER_NAMES.find((name) => present.has(name));
  return {
    manifest: manifestName ? appFile(dir, manifestName) : null,
    serviceWorker: serviceWorker ? appFile(dir, serviceWorker) : null,
    icons: [...icons].sort().map((name) => appFile(dir, name)),
    logos: logos.map((name) => appFile(dir, name)),
  };
}
