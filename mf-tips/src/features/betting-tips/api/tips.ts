import type { FixtureAnalysis, RecordSummary, TipsDay, WeekendSpecial } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const tipsQuery = apiQuery<[day: 'today' | 'tomorrow'], TipsDay>((day) => `/api/tips?day=${day}`, 'Failed to fetch tips');
export const weekendQuery = apiQuery<[], WeekendSpecial>(() => '/api/tips/weekend', 'Failed to fetch tips');
export const analysisQuery = apiQuery<[fixtureId: string], FixtureAnalysis>(
  (fixtureId) => `/api/tips/fixture/${fixtureId}`,
  'Failed to fetch the analysis',
);
export const recordsQuery = apiQuery<[], RecordSummary[]>(() => '/api/tips/record', 'Failed to fetch the record');

export const useTips = (day: 'today' | 'tomorrow') => useApiQuery(tipsQuery, [day]);
export const useWeekend = (enabled: boolean) => useApiQuery(weekendQuery, enabled ? [] : null);
export const useAnalysis = (fixtureId: string | null) => useApiQuery(analysisQuery, fixtureId ? [fixtureId] : null);
export const useRecords = () => useApiQuery(recordsQuery, []);
