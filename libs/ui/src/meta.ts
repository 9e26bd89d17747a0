import { useEffect } from 'react';

export const PRODUCT_NAME = 'Matchday';
export const DEFAULT_DESCRIPTION =
  'Live fixtures, squads, player and team statistics, head-to-head records, standings and insights for the Indian Super League, Premier League and Champions League.';
export const DEFAULT_IMAGE = '/og-image.svg';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

export interface PageMeta {
  title: string;
  description?: string;
  url?: string;
  image?: string;
}

/** Page metadata (spec §1): title, description, social preview tags and canonical link; URL defaults to the current location. */
export function usePageMeta({ title, description = DEFAULT_DESCRIPTION, url, image = DEFAULT_IMAGE }: PageMeta): void {
  useEffect(() => {
    const previous = document.title;
    const fullTitle = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
    const href = url ?? window.location.href;
    const imageUrl = new URL(image, window.location.origin).toString();
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', href);
    setMeta('property', 'og:image', imageUrl);
    setMeta('property', 'og:type', 'website');
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', imageUrl);
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = href;
    return () => {
      document.title = previous;
    };
  }, [title, description, url, image]);
}
