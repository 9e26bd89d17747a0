import fs from 'node:fs';
import path from 'node:path';
import { dropMysqlDatabase, migrateLatest, openDatabase, type DatabaseTarget, type Knex } from '@matchday/server';
import { migrations } from '../../src/db/migrations';
import type { ImportedGoal, ImportedMatch } from '../../src/importers/model';
import type { ImportContext } from '../../src/importers/source';
import { openfootballSource } from '../../src/importers/sources/openfootball';
import { saveAdjustments, saveMatches, savePlayerMatches, saveSquad } from '../../src/importers/store';

/** The openfootball tournament files' tests: the folders of the shared data, and a database they are imported into. */

export const repoRoot = path.resolve(__dirname, '../../../..');
const dataDir = process.env.MATCHDAY_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
export const worldCupDir = path.join(dataDir, 'openfootball', 'worldcup-2022');
export const euroDir = path.join(dataDir, 'openfootball', 'euro-2024');
export const worldCup2026Dir = path.join(dataDir, 'openfootball', 'worldcup-2026');
for (const dir of [worldCupDir, euroDir]) {
  if (!fs.existsSync(dir))
    throw new Error(`The openfootball data is missing: expected ${dir} (set MATCHDAY_DATA_DIR to the shared data directory)`);
}

export const goalCount = (matches: readonly ImportedMatch[]) => matches.reduce((n, m) => n + m.goalEvents!.length, 0);
export const find = (matches: readonly ImportedMatch[], home: string, away: string, stage?: ImportedMatch['stage']) => {
  const match = matches.find((m) => m.home.name === home && m.away.name === away && (stage === undefined || m.stage === stage));
  if (!match) throw new Error(`no ${home} v ${away}`);
  return match;
};
/** "Lionel Messi 23' pen" style, for short expectations. */
export const goalText = (g: ImportedGoal) =>
  `${g.side} ${g.scorer} ${g.minute}${g.stoppage ? `+${g.stoppage}` : ''}'${g.kind === 'penalty' ? ' pen' : g.kind === 'own-goal' ? ' og' : ''}`;

/** The context the import command gives a source, writing straight through the store. */
function directContext(db: Knex, problems: unknown[]): ImportContext {
  return {
    db,
    reportProblems: (p) => problems.push(...p),
    log: () => {},
    saveMatches: (m) => saveMatches(db, m),
    saveSquad: (m) => saveSquad(db, m),
    savePlayerMatches: (l) => savePlayerMatches(db, l),
    saveAdjustments: (a) => saveAdjustments(db, a),
  };
}

export class ImportedDatabase {
  db!: Knex;
}

/**
 * A fresh database with the tournaments of `dirs` imported through the openfootball source, made before the tests
 * of the describe block this is called in (the import reporting no problem) and dropped after them.
 */
export function useImportedDatabase(makeTarget: (service: string) => DatabaseTarget, dirs: readonly string[]): ImportedDatabase {
  const imported = new ImportedDatabase();
  let target: DatabaseTarget;

  beforeAll(async () => {
    target = makeTarget('football');
    imported.db = await openDatabase(target);
    await migrateLatest(imported.db, migrations);
    const problems: unknown[] = [];
    for (const dir of dirs) await openfootballSource.prepare([dir], repoRoot)(directContext(imported.db, problems));
    expect(problems).toEqual([]);
  });

  afterAll(async () => {
    await imported.db.destroy();
    if (target.client === 'mysql') await dropMysqlDatabase(target.location);
  });

  return imported;
}
