import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES, SHARED_API_MANIFEST, type SharedApiManifest } from '@matchday/contracts';
import { buildManifest } from '@matchday/api-gateway/src/frontends/manifest';
import { FileRemoteStateStore, readRemoteState, STATE_FILE } from '@matchday/remote-state';
import { deployVersion, type RemoteBuilder } from '../lib/deploy';
import { runRemotesCommand } from '../lib/remotes-cli';

/** A frontend root with every remote built at 0.1.0 (and mf-stats also at 0.0.9), sources with package.json only. */
function fixture() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-remotes-'));
  const frontendRoot = path.join(root, 'frontends');
  const sourceRoot = path.join(root, 'sources');
  const dataDir = path.join(root, 'data');
  const version = (name: string, v: string) => {
    const dir = path.join(frontendRoot, name, 'dist', v);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${name} ${v} */`);
  };
  for (const name of REMOTE_NAMES) {
    version(name, '0.1.0');
    fs.mkdirSync(path.join(sourceRoot, name), { recursive: true });
    fs.writeFileSync(path.join(sourceRoot, name, 'package.json'), JSON.stringify({ name, version: '0.1.0' }));
  }
  version('mf-stats', '0.0.9');
  const env = { DATA_DIR: dataDir, FRONTEND_ROOT: frontendRoot } as NodeJS.ProcessEnv;
  return { root, frontendRoot, sourceRoot, dataDir, env };
}

type Fixture = ReturnType<typeof fixture>;

/** Runs a command as the CLI would, collecting what it prints. */
async function run(f: Fixture, command: string, args: string[], build?: RemoteBuilder) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRemotesCommand(
    command,
    args,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    { env: f.env, sourceRoot: f.sourceRoot, ...(build ? { build } : {}) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A build that writes an entry naming the version it was given (as webpack's DefinePlugin would). */
const fakeBuild: RemoteBuilder = async ({ outDir, version, name }) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'remoteEntry.js'), `/* ${name} ${version} */`);
  fs.writeFileSync(path.join(outDir, 'main.0123abcd.js'), 'chunk');
};

const liveOf = async (f: Fixture) =>
  Object.fromEntries(
    Object.entries((await buildManifest(f.frontendRoot, new FileRemoteStateStore(f.dataDir))).remotes).map(([name, entry]) => [
      name,
      entry?.version,
    ]),
  );

const distEntries = (f: Fixture, name: string) => fs.readdirSync(path.join(f.frontendRoot, name, 'dist')).sort();

describe('npm run deploy / rollback / rollforward / remotes', () => {
  let f: Fixture;
  beforeEach(() => {
    f = fixture();
  });
  afterEach(() => fs.rmSync(f.root, { recursive: true, force: true }));

  it('remotes lists each remote with its live version marked among the versions available, newest first', async () => {
    const result = await run(f, 'list', []);
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines[0]).toMatch(/^Remote\s+Live\s+Available/);
    expect(lines.find((l) => l.startsWith('mf-stats'))).toMatch(/^mf-stats\s+0\.1\.0\s+0\.1\.0\*, 0\.0\.9$/);
    expect(lines.filter((l) => /^mf-/.test(l))).toHaveLength(5);
  });

  it('deploy builds one remote into a new version directory and makes it live; old versions and other remotes stay', async () => {
    const oldEntry = fs.readFileSync(path.join(f.frontendRoot, 'mf-stats/dist/0.1.0/remoteEntry.js'), 'utf8');
    const result = await run(f, 'deploy', ['mf-stats'], fakeBuild);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const version = /mf-stats deployed: (\S+) is live \(was 0\.1\.0\)/.exec(result.out)?.[1];
    expect(version).toMatch(/^0\.1\.0\+\d{8}\.\d{6}$/);

    expect(distEntries(f, 'mf-stats')).toEqual(['0.0.9', '0.1.0', version].sort());
    const built = path.join(f.frontendRoot, 'mf-stats/dist', version!);
    expect(fs.readFileSync(path.join(built, 'remoteEntry.js'), 'utf8')).toBe(`/* mf-stats ${version} */`);
    expect(JSON.parse(fs.readFileSync(path.join(built, 'build-info.json'), 'utf8'))).toMatchObject({ name: 'mf-stats', version });
    // The old version is untouched and still served to a shell that loaded it.
    expect(fs.readFileSync(path.join(f.frontendRoot, 'mf-stats/dist/0.1.0/remoteEntry.js'), 'utf8')).toBe(oldEntry);
    // The manifest (read per request by the gateway) serves the new version; the other four are unchanged.
    expect(await liveOf(f)).toEqual({
      'mf-fixtures': '0.1.0',
      'mf-stats': version,
      'mf-tips': '0.1.0',
      'mf-account': '0.1.0',
      'mf-admin': '0.1.0',
    });
    expect(readRemoteState(f.dataDir).history).toEqual([
      expect.objectContaining({ remote: 'mf-stats', action: 'deploy', from: '0.1.0', to: version }),
    ]);
  });

  it('a failing build says why, leaves no directory behind and changes nothing', async () => {
    await run(f, 'rollback', ['mf-stats']); // live 0.0.9, chosen explicitly
    const stateBefore = fs.readFileSync(path.join(f.dataDir, STATE_FILE), 'utf8');
    const result = await run(f, 'deploy', ['mf-stats'], async ({ outDir }) => {
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, 'remoteEntry.js'), 'half');
      throw new Error("Module not found: Error: Can't resolve './Missing'");
    });
    expect(result.code).toBe(1);
    expect(result.err).toContain("Deploy of mf-stats failed: Module not found: Error: Can't resolve './Missing'");
    expect(result.err).toContain('Nothing changed: 0.0.9 stays live.');
    expect(distEntries(f, 'mf-stats')).toEqual(['0.0.9', '0.1.0']);
    expect(fs.readFileSync(path.join(f.dataDir, STATE_FILE), 'utf8')).toBe(stateBefore);
    expect((await liveOf(f))['mf-stats']).toBe('0.0.9');
  });

  it('a build that produces no remote entry is a failed deploy too', async () => {
    const result = await run(f, 'deploy', ['mf-admin'], async ({ outDir }) => {
      fs.mkdirSync(outDir, { recursive: true });
    });
    expect(result.code).toBe(1);
    expect(result.err).toContain('Deploy of mf-admin failed: the build produced no remoteEntry.js');
    expect(distEntries(f, 'mf-admin')).toEqual(['0.1.0']);
    expect(fs.existsSync(path.join(f.dataDir, STATE_FILE))).toBe(false);
  });

  it('a remote that needs a UI-kit name the served shell lacks is neither deployed nor made live', async () => {
    const writeApi = (dir: string, manifest: SharedApiManifest) => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, SHARED_API_MANIFEST), JSON.stringify(manifest));
    };
    writeApi(path.join(f.frontendRoot, 'shell/dist'), { uses: {}, provides: { '@matchday/ui': ['Button', 'shortDate'] } });
    // 0.0.9 was built against an older kit (fine), 0.1.0 against the kit the shell has
    writeApi(path.join(f.frontendRoot, 'mf-stats/dist/0.0.9'), { uses: { '@matchday/ui': ['Button'] } });
    writeApi(path.join(f.frontendRoot, 'mf-stats/dist/0.1.0'), { uses: { '@matchday/ui': ['Button', 'shortDate'] } });
    const stateBefore = fs.existsSync(path.join(f.dataDir, STATE_FILE));

    const newer = await run(f, 'deploy', ['mf-stats'], async (input) => {
      await fakeBuild(input);
      writeApi(input.outDir, { uses: { '@matchday/ui': ['Button', 'shortDate', 'weekdayShortDate'], 'react-redux': ['useSelector'] } });
    });
    expect(newer.code).toBe(1);
    expect(newer.err).toMatch(
      /Deploy of mf-stats failed: mf-stats 0\.1\.0\+\S+ needs what the shell served here does not have \(@matchday\/ui: weekdayShortDate\): deploy the shell first\./,
    );
    expect(newer.err).toContain('Nothing changed: 0.1.0 stays live.');
    expect(distEntries(f, 'mf-stats')).toEqual(['0.0.9', '0.1.0']);
    expect(fs.existsSync(path.join(f.dataDir, STATE_FILE))).toBe(stateBefore);

    // a version already on disk that the shell cannot serve is refused by rollback too (the admin panel's path)
    writeApi(path.join(f.frontendRoot, 'mf-stats/dist/0.0.9'), { uses: { '@matchday/ui': ['OldButton'] } });
    const back = await run(f, 'rollback', ['mf-stats']);
    expect(back.code).toBe(1);
    expect(back.err).toContain(
      'mf-stats 0.0.9 needs what the shell served here does not have (@matchday/ui: OldButton): deploy the shell first.',
    );
    expect((await liveOf(f))['mf-stats']).toBe('0.1.0');

    // builds from before shared-api.json (none beside the remote) go live as before
    fs.rmSync(path.join(f.frontendRoot, 'mf-stats/dist/0.0.9', SHARED_API_MANIFEST));
    expect((await run(f, 'rollback', ['mf-stats'])).code).toBe(0);
    expect((await liveOf(f))['mf-stats']).toBe('0.0.9');
  });

  it('rollback makes the previous version live, --to picks one, rollforward goes back; the manifest follows each change', async () => {
    const deployed = await run(f, 'deploy', ['mf-stats'], fakeBuild);
    const version = /deployed: (\S+) is live/.exec(deployed.out)![1]!;

    const back = await run(f, 'rollback', ['mf-stats']);
    expect(back).toMatchObject({ code: 0, out: `mf-stats rolled back: 0.1.0 is live (was ${version}).` });
    expect((await liveOf(f))['mf-stats']).toBe('0.1.0');

    const to = await run(f, 'rollback', ['mf-stats', '--to', '0.0.9']);
    expect(to).toMatchObject({ code: 0, out: 'mf-stats rolled back: 0.0.9 is live (was 0.1.0).' });
    expect((await liveOf(f))['mf-stats']).toBe('0.0.9');

    const forward = await run(f, 'roll-forward', ['mf-stats']);
    expect(forward).toMatchObject({ code: 0, out: 'mf-stats rolled forward: 0.1.0 is live (was 0.0.9).' });
    const toNewest = await run(f, 'rollback', ['mf-stats', `--to=${version}`]);
    expect(toNewest).toMatchObject({ code: 0, out: `mf-stats rolled forward: ${version} is live (was 0.1.0).` });
    const again = await run(f, 'rollback', ['mf-stats', '--to', version]);
    expect(again).toMatchObject({ code: 0, out: `mf-stats ${version} is already live; nothing changed.` });

    expect(readRemoteState(f.dataDir).history.map((c) => `${c.action} ${c.from}->${c.to}`)).toEqual([
      `deploy 0.1.0->${version}`,
      `rollback ${version}->0.1.0`,
      'rollback 0.1.0->0.0.9',
      'roll-forward 0.0.9->0.1.0',
      `roll-forward 0.1.0->${version}`,
    ]);
    const others = await liveOf(f);
    expect([others['mf-fixtures'], others['mf-tips'], others['mf-account'], others['mf-admin']]).toEqual([
      '0.1.0',
      '0.1.0',
      '0.1.0',
      '0.1.0',
    ]);
  });

  it('bad input gets a clear message, exit code 1 and changes nothing', async () => {
    await run(f, 'rollback', ['mf-stats']);
    const state = () => fs.readFileSync(path.join(f.dataDir, STATE_FILE), 'utf8');
    const before = state();
    const cases: Array<[string, string[], string]> = [
      ['deploy', ['mf-nope'], 'Unknown remote "mf-nope". Remotes: mf-fixtures, mf-stats, mf-tips, mf-account, mf-admin.'],
      ['rollback', ['shell'], 'Unknown remote "shell".'],
      ['rollback', [], 'Name a remote: mf-fixtures, mf-stats, mf-tips, mf-account, mf-admin.'],
      ['rollback', ['mf-stats', '--to', '9.9.9'], 'mf-stats has no version "9.9.9". Available: 0.1.0, 0.0.9.'],
      ['rollback', ['mf-stats', '--to', '../../etc'], '"../../etc" is not a version (for example 0.1.0).'],
      ['rollback', ['mf-stats', '--to'], '--to needs a version, e.g. --to 0.1.0.'],
      ['rollback', ['mf-stats'], 'mf-stats is at its oldest version (0.0.9): there is nothing to roll back to.'],
      ['roll-forward', ['mf-tips'], 'mf-tips is at its newest version (0.1.0): there is nothing to roll forward to.'],
      ['rollback', ['mf-stats', 'mf-tips'], 'One remote at a time (got mf-stats, mf-tips).'],
      ['rollback', ['mf-stats', '--force'], 'Unknown option --force.'],
      ['list', ['mf-stats'], 'npm run remotes takes no arguments.'],
      ['undeploy', ['mf-stats'], 'Unknown command "undeploy".'],
    ];
    for (const [command, args, message] of cases) {
      const result = await run(f, command, args, fakeBuild);
      expect({ command, args, code: result.code, out: result.out }).toEqual({ command, args, code: 1, out: '' });
      expect(result.err).toContain(message);
    }
    expect(state()).toBe(before);
    expect(distEntries(f, 'mf-stats')).toEqual(['0.0.9', '0.1.0']);
  });

  it('a remote with nothing built says to deploy it first', async () => {
    fs.rmSync(path.join(f.frontendRoot, 'mf-account', 'dist'), { recursive: true });
    const result = await run(f, 'rollback', ['mf-account']);
    expect(result).toMatchObject({ code: 1, err: 'mf-account has no built version: deploy it first (npm run deploy -- mf-account).' });
    expect((await liveOf(f))['mf-account']).toBeUndefined();
  });

  it('reads the old remote-pins.json while no state file exists, and moves it into the state at the first change', async () => {
    fs.mkdirSync(f.dataDir, { recursive: true });
    fs.writeFileSync(path.join(f.dataDir, 'remote-pins.json'), JSON.stringify({ 'mf-stats': '0.0.9' }));
    expect((await liveOf(f))['mf-stats']).toBe('0.0.9');
    expect((await run(f, 'list', [])).out).toMatch(/mf-stats\s+0\.0\.9\s+0\.1\.0, 0\.0\.9\*/);

    const forward = await run(f, 'roll-forward', ['mf-stats']);
    expect(forward.out).toBe('mf-stats rolled forward: 0.1.0 is live (was 0.0.9).');
    expect(fs.existsSync(path.join(f.dataDir, 'remote-pins.json'))).toBe(false);
    expect(fs.existsSync(path.join(f.dataDir, 'remote-pins.json.migrated'))).toBe(true);
    expect(readRemoteState(f.dataDir).live['mf-stats']?.version).toBe('0.1.0');
  });

  it('a live version whose directory was removed falls back to the newest built', async () => {
    await run(f, 'rollback', ['mf-stats']);
    fs.rmSync(path.join(f.frontendRoot, 'mf-stats/dist/0.0.9'), { recursive: true });
    expect((await liveOf(f))['mf-stats']).toBe('0.1.0');
  });

  it('two deploys in the same second get different versions', () => {
    const now = new Date('2026-11-24T15:30:12.345Z');
    expect(deployVersion('0.1.0', now, [])).toBe('0.1.0+20261124.153012');
    expect(deployVersion('0.1.0', now, ['0.1.0+20261124.153012'])).toBe('0.1.0+20261124.153012-2');
  });
});
