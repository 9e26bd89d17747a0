import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const NAVIGATION_GUARD_MS = 100;

/**
 * Spec §4: further navigations are ignored for 100 ms after one and after a back/forward event
 * (stops double-clicks from stacking history entries). Link clicks inside the window are cancelled.
 */
export function useNavigationGuard(): void {
  const location = useLocation();
  const last = useRef(0);
  const firstKey = useRef(location.key);
  useEffect(() => {
    // The page load itself is not a navigation: only later location changes open the window.
    if (location.key === firstKey.current) return;
    firstKey.current = '';
    last.current = Date.now();
  }, [location.key]);
  useEffect(() => {
    const onPop = () => (last.current = Date.now());
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || Date.now() - last.current >= NAVIGATION_GUARD_MS) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('popstate', onPop);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
}
