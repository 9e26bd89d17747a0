import path from 'node:path';
import { leagueIdByName } from '@matchday/contracts';
import { readCsv } from '../csv';
import type { ImportedAdjustment, RowProblem } from '../model';
import { inputPath, parseCommandLine, registerSource, UsageError } from '../source';

/**
 * `adjustments <file.csv>`: points deductions (or additions) the league imposed, which no results file
 * carries. Columns: league (name, e.g. "Premier League", or an id), season (starting year), team,
 * points (negative for a deduction), reason.
 */
export function parseAdjustmentsCsv(file: string): { adjustments: ImportedAdjustment[]; problems: RowProblem[] } {
  const { columns, records } = readCsv(file);
  const name = path.basename(file);
  const problems: RowProblem[] = [];
  const missing = ['league', 'season', 'team', 'points', 'reason'].filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return { adjustments: [], problems: [{ file: name, line: 1, message: `missing column(s) ${missing.join(', ')}` }] };
  }
  const adjustments: ImportedAdjustment[] = [];
  for (const { line, values } of records) {
    const fail = (message: string) => problems.push({ file: name, line, message });
    const league = values.league ?? '';
    const leagueId = /^\d+$/.test(league) ? Number(league) : leagueIdByName(league);
    if (leagueId === undefined) {
      fail(`unknown league "${league}"`);
      continue;
    }
    if (!/^\d{4}$/.test(values.season ?? '')) {
      fail(`bad season "${values.season ?? ''}" (starting year expected, e.g. 2023)`);
      continue;
    }
    if (!/^[-+]?\d+$/.test(values.points ?? '')) {
      fail(`bad points "${values.points ?? ''}"`);
      continue;
    }
    if (!values.team) {
      fail('missing team');
      continue;
    }
    if (!values.reason) {
      fail('missing reason');
      continue;
    }
    adjustments.push({
      leagueId,
      season: Number(values.season),
      team: { name: values.team },
      points: Number(values.points),
      reason: values.reason,
      origin: { file: name, line },
    });
  }
  return { adjustments, problems };
}

export const adjustmentsSource = registerSource({
  name: 'adjustments',
  usage: 'adjustments <points-deductions.csv>',
  parseArgs(args, cwd) {
    const { positionals } = parseCommandLine('adjustments', args, {});
    if (positionals.length !== 1) throw new UsageError('adjustments: expected exactly one CSV file');
    return { file: inputPath('adjustments', cwd, positionals[0], 'file') };
  },
  async run({ file }, context) {
    const { adjustments, problems } = parseAdjustmentsCsv(file);
    context.reportProblems(problems);
    await context.saveAdjustments(adjustments);
  },
});
