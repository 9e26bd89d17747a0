import { forbiddenReason, forbiddenTrackedFiles } from '../lib/tracked-files';
import { repoRoot } from '../lib/processes';

describe('no database, key or secret is tracked in git', () => {
  it('knows a forbidden file when it sees one', () => {
    expect(forbiddenReason('.data-dev/session-secret')).toBe('a data directory (DATA_DIR)');
    expect(forbiddenReason('.data/football.sqlite')).toBe('a data directory (DATA_DIR)');
    expect(forbiddenReason('services/football/demo.sqlite-wal')).toBe('a database file');
    expect(forbiddenReason('deploy/session-secret')).toBe('a secret');
    expect(forbiddenReason('deploy/tls/server.key')).toBe('a key or certificate');
    expect(forbiddenReason('.env.production')).toBe('an environment file');
    expect(forbiddenReason('api-gateway/src/sessions/cookie-keys.ts')).toBeNull();
    expect(forbiddenReason('libs/server/src/config.ts')).toBeNull();
    expect(forbiddenReason('README.md')).toBeNull();
  });

  it('the repository tracks none', () => {
    expect(forbiddenTrackedFiles(repoRoot)).toEqual([]);
  });
});
