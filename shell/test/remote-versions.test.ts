import path from 'node:path';
import { createWebpackConfig } from '@matchday/config';
import { chunkLoadingGlobal, MANIFEST_MAX_AGE_MS, manifestIsStale, registrationFor } from '../src/remotes/versions';

describe('picking up a new remote version in an open shell', () => {
  it('re-reads the manifest once it is older than the freshness window, and always when never read', () => {
    expect(manifestIsStale(null, 0)).toBe(true);
    expect(manifestIsStale(1_000, 1_000 + MANIFEST_MAX_AGE_MS - 1)).toBe(false);
    expect(manifestIsStale(1_000, 1_000 + MANIFEST_MAX_AGE_MS)).toBe(true);
  });

  it('replaces a remote whose live entry changed, keeps an unchanged one and re-registers on retry', () => {
    const v1 = '/remotes/mf-stats/0.1.0/remoteEntry.js';
    const v2 = '/remotes/mf-stats/0.1.0+20261123.120000/remoteEntry.js';
    expect(registrationFor(undefined, v1, 0)).toBe('register');
    expect(registrationFor(v1, v1, 0)).toBe('keep');
    expect(registrationFor(v1, v1, 1)).toBe('retry');
    expect(registrationFor(v1, v2, 0)).toBe('replace');
    // a rollback is a change of entry too
    expect(registrationFor(v2, v1, 0)).toBe('replace');
  });

  it("names the remote's webpack chunk-loading global the way its build does (webpack's default from uniqueName)", () => {
    expect(chunkLoadingGlobal('mf-stats')).toBe('webpackChunkmf_stats');
    const output = createWebpackConfig(
      { name: 'mf-stats', kind: 'remote', exposes: { './App': './src/exposes/App.tsx' }, title: 'Stats' },
      { packageDir: path.join(__dirname, '..', '..', 'mf-stats'), version: '0.1.0', production: true },
    ).output!;
    // Were the build to set its own chunkLoadingGlobal, the shell would have to clear that name instead.
    expect(output.chunkLoadingGlobal).toBeUndefined();
    expect(`webpackChunk${String(output.uniqueName)}`).toBe(chunkLoadingGlobal('mf-stats'));
  });
});
