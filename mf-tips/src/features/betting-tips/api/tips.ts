import useSWR from 'swr';
import type { FixtureAnalysis, RecordSummary, TipsDay, WeekendSpecial } from '@matchday/contracts';
import { readOrThrow } from '../../../lib/ui';

const fetchTips = readOrThrow<TipsDay>('Failed to fetch tips');
const fetchWeekend = readOrThrow<WeekendSpecial>('Failed to fetch tips');
const fetchAnalysis = readOrThrow<FixtureAnalysis>('Failed to fetch the analysis');
const fetchRecords = readOrThrow<RecordSummary[]>('Failed to fetch the record');

export const useTips = (day: 'today' | 'tomorrow') => useSWR<TipsDay | null>(`/api/tips?day=${day}`, fetchTips);
export const useWeekend = (enabled: boolean) => useSWR<WeekendSpecial | null>(enabled ? '/api/tips/weekend' : null, fetchWeekend);
export const useAnalysis = (fixtureId: string | null) =>
  useSWR<FixtureAnalysis | null>(fixtureId ? `/api/tips/fixture/${fixtureId}` : null, fetchAnalysis);
export const useRecords = () => useSWR<RecordSummary[] | null>('/api/tips/record', fetchRecords);
