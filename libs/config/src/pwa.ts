import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { Resvg } from '@resvg/resvg-js';
import { InjectManifest } from 'workbox-webpack-plugin';

/** The installable-app settings of a host (spec §4 "Install state"). */
export interface PwaConfig {
  name: string;
  shortName: string;
  description: string;
  themeColor: string;
  backgroundColor: string;
  /** The one source image (SVG, square) every icon, the favicon and the social image are made from. */
  iconSvg: string;
  /** The service worker source, compiled by Workbox's InjectManifest into /sw.js. */
  swSrc: string;
}

/** What the build writes (mf-admin's PWA files panel lists these paths). */
export const PWA_FILES = {
  manifest: 'manifest.webmanifest',
  serviceWorker: 'sw.js',
  favicon: 'favicon.ico',
  faviconSvg: 'favicon.svg',
  appleTouchIcon: 'apple-touch-icon.png',
  icon192: 'icons/icon-192.png',
  icon512: 'icons/icon-512.png',
  maskable512: 'icons/maskable-512.png',
  ogImage: 'og-image.svg',
} as const;

/** The source SVG without its XML prolog, so it can be nested inside another SVG. */
function innerSvg(source: string): string {
  return source.replace(/<\?xml[^>]*\?>/, '').trim();
}

/** The source placed at (x, y) with the given size inside a new canvas. */
function place(source: string, x: number, y: number, size: number): string {
  return innerSvg(source).replace(/<svg\b([^>]*)>/, (_match, attributes: string) => {
    const rest = attributes.replace(/\s(?:x|y|width|height)="[^"]*"/g, '');
    return `<svg${rest} x="${x}" y="${y}" width="${size}" height="${size}">`;
  });
}

/** A square canvas of `size` px with an optional background and the source scaled to `scale` of it. */
export function composeSquare(source: string, size: number, options: { background?: string; scale?: number } = {}): string {
  const scale = options.scale ?? 1;
  const inner = Math.round(size * scale);
  const offset = Math.round((size - inner) / 2);
  const background = options.background ? `<rect width="${size}" height="${size}" fill="${options.background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}${place(source, offset, offset, inner)}</svg>`;
}

/** The 1200x630 share image (spec §2 "Social preview") built around the same source image. */
export function composeOgImage(source: string, pwa: Pick<PwaConfig, 'name' | 'description' | 'backgroundColor' | 'themeColor'>): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">',
    `<title>${escape(pwa.name)}</title>`,
    `<rect width="1200" height="630" fill="${pwa.backgroundColor}"/>`,
    '<rect x="0" y="600" width="1200" height="30" fill="#22c55e"/>',
    place(source, 90, 165, 300),
    `<text x="450" y="290" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="96" font-weight="800" fill="#f8fafc">${escape(pwa.name)}</text>`,
    `<text x="452" y="360" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="34" fill="#94a3b8">Fixtures, stats, standings, tips and</text>`,
    `<text x="452" y="405" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="34" fill="#94a3b8">fantasy picks for football fans</text>`,
    '</svg>',
  ].join('');
}

export function webManifest(pwa: PwaConfig): Record<string, unknown> {
  return {
    name: pwa.name,
    short_name: pwa.shortName,
    description: pwa.description,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: pwa.themeColor,
    background_color: pwa.backgroundColor,
    icons: [
      { src: `/${PWA_FILES.icon192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/${PWA_FILES.icon512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/${PWA_FILES.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

function renderPng(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * Emits the web app manifest, the icons (192, 512, maskable 512, Apple touch 180), favicon.ico
 * (16/32/48) and favicon.svg, and /og-image.svg, all from one source SVG, and links them from index.html.
 */
class PwaAssetsPlugin {
  constructor(
    private readonly pwa: PwaConfig,
    private readonly packageDir: string,
  ) {}

  apply(compiler: webpack.Compiler): void {
    const sourceFile = path.resolve(this.packageDir, this.pwa.iconSvg);
    compiler.hooks.thisCompilation.tap('MatchdayPwaAssets', (compilation) => {
      compilation.fileDependencies.add(sourceFile);
      compilation.hooks.processAssets.tapPromise(
        { name: 'MatchdayPwaAssets', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const source = fs.readFileSync(sourceFile, 'utf8');
          const { default: pngToIco } = await import('png-to-ico');
          const { RawSource } = webpack.sources;
          const emit = (file: string, content: string | Buffer) => compilation.emitAsset(file, new RawSource(content));
          emit(PWA_FILES.icon192, renderPng(composeSquare(source, 192), 192));
          emit(PWA_FILES.icon512, renderPng(composeSquare(source, 512), 512));
          // Maskable: full-bleed background, the mark inside the 80% safe zone.
          emit(PWA_FILES.maskable512, renderPng(composeSquare(source, 512, { background: this.pwa.backgroundColor, scale: 0.7 }), 512));
          emit(PWA_FILES.appleTouchIcon, renderPng(composeSquare(source, 180, { background: this.pwa.backgroundColor, scale: 0.8 }), 180));
          emit(PWA_FILES.favicon, await pngToIco([16, 32, 48].map((size) => renderPng(composeSquare(source, size), size))));
          emit(PWA_FILES.faviconSvg, innerSvg(source));
          emit(PWA_FILES.ogImage, composeOgImage(source, this.pwa));
          emit(PWA_FILES.manifest, JSON.stringify(webManifest(this.pwa), null, 2));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('MatchdayPwaAssets', (data) => {
        const link = (attributes: Record<string, string>) => HtmlWebpackPlugin.createHtmlTagObject('link', attributes);
        const meta = (attributes: Record<string, string>) => HtmlWebpackPlugin.createHtmlTagObject('meta', attributes);
        data.headTags.push(
          link({ rel: 'manifest', href: `/${PWA_FILES.manifest}` }),
          link({ rel: 'icon', href: `/${PWA_FILES.favicon}`, sizes: '48x48' }),
          link({ rel: 'icon', href: `/${PWA_FILES.faviconSvg}`, type: 'image/svg+xml' }),
          link({ rel: 'apple-touch-icon', href: `/${PWA_FILES.appleTouchIcon}` }),
          meta({ name: 'apple-mobile-web-app-capable', content: 'yes' }),
          meta({ name: 'apple-mobile-web-app-title', content: this.pwa.shortName }),
          meta({ property: 'og:title', content: this.pwa.name }),
          meta({ property: 'og:description', content: this.pwa.description }),
          meta({ property: 'og:image', content: `/${PWA_FILES.ogImage}` }),
          meta({ name: 'twitter:card', content: 'summary_large_image' }),
        );
        return data;
      });
    });
  }
}

/**
 * The host's installable-app plugins: icons + manifest, then the Workbox service worker, whose precache
 * is the shell itself (HTML, its chunks, manifest and icons). Source maps, licence files, mf-*.json,
 * version.json and the share image stay out: the manifest and version are always asked of the network.
 */
export function pwaPlugins(pwa: PwaConfig, packageDir: string, production: boolean): webpack.WebpackPluginInstance[] {
  const plugins: webpack.WebpackPluginInstance[] = [new PwaAssetsPlugin(pwa, packageDir)];
  if (production) {
    plugins.push(
      new InjectManifest({
        swSrc: path.resolve(packageDir, pwa.swSrc),
        swDest: PWA_FILES.serviceWorker,
        exclude: [/\.map$/, /LICENSE\.txt$/, /(^|\/)mf-[^/]*\.json$/, /(^|\/)version\.json$/, /og-image\.svg$/, /apple-touch-icon/],
        dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      }),
    );
  }
  return plugins;
}
