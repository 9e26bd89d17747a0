import type { Dream11Card, Dream11Day, Dream11Record } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const dream11DayQuery = apiQuery<[day: 'today' | 'tomorrow'], Dream11Day>(
  (day) => `/api/dream11?day=${day}`,
  'Failed to fetch Dream11 teams',
);
export const dream11CardQuery = apiQuery<[fixtureId: string], Dream11Card>(
  (fixtureId) => `/api/dream11/fixture/${fixtureId}`,
  'Failed to fetch the team',
);
export const dream11RecordQuery = apiQuery<[], Dream11Record>(() => '/api/dream11/record', 'Failed to fetch the Dream11 record');

export const useDream11Day = (day: 'today' | 'tomorrow') => useApiQuery(dream11DayQuery, [day]);
export const useDream11Card = (fixtureId: string | null) => useApiQuery(dream11CardQuery, fixtureId ? [fixtureId] : null);
export const useDream11Record = () => useApiQuery(dream11RecordQuery, []);
