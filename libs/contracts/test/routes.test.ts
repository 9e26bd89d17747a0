import { AREA_ROUTES, areaRouteOf, routePattern } from '../src/routes';

describe('the area a path is on', () => {
  it('matches each area route with its parameters filled, with or without a trailing slash, in any case', () => {
    expect(areaRouteOf('/')?.screen).toBe('home');
    expect(areaRouteOf('/standings')?.screen).toBe('standings');
    expect(areaRouteOf('/STANDINGS/')?.remote).toBe('mf-stats');
    expect(areaRouteOf('/player/12/39/2026')?.screen).toBe('player');
    expect(areaRouteOf('/fixture-stats/7/12/39/2026')?.screen).toBe('fixture-stats');
    expect(areaRouteOf('/dream11-predictions')?.remote).toBe('mf-tips');
    for (const route of AREA_ROUTES) {
      const path = route.path.replace(/:[^/]+/g, '5');
      expect(areaRouteOf(path)?.path).toBe(route.path);
    }
  });

  it('matches no area for shell routes, missing or extra segments, and look-alike paths', () => {
    expect(areaRouteOf('/search')).toBeUndefined();
    expect(areaRouteOf('/player/12/39')).toBeUndefined();
    expect(areaRouteOf('/standings/extra')).toBeUndefined();
    expect(areaRouteOf('/team//39/2026')).toBeUndefined();
    // the dot of a path is a dot, not any character
    expect(new RegExp(routePattern('/a.b')).test('/axb')).toBe(false);
  });
});
