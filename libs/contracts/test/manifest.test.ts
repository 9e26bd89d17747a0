import { missingSharedNames } from '../src';

describe('missingSharedNames', () => {
  const shell = { uses: {}, provides: { '@matchday/ui': ['Button', 'Card'], 'react-redux': ['useSelector'] } };

  it('lists each name a remote imports that the shell does not export, as "module: name", sorted', () => {
    const remote = { uses: { '@matchday/ui': ['Card', 'Tooltip', 'Badge'], 'react-redux': ['useStore', 'useSelector'] } };
    expect(missingSharedNames(remote, shell)).toEqual(['@matchday/ui: Badge', '@matchday/ui: Tooltip', 'react-redux: useStore']);
  });

  it('is empty when the shell has everything, and ignores a namespace use and modules the shell does not list', () => {
    expect(missingSharedNames({ uses: { '@matchday/ui': ['Button'] } }, shell)).toEqual([]);
    expect(missingSharedNames({ uses: { '@matchday/ui': ['*'], swr: ['useSWRConfig'] } }, shell)).toEqual([]);
    expect(missingSharedNames({ uses: { '@matchday/ui': ['Button'] } }, { uses: {} })).toEqual([]);
  });
});
