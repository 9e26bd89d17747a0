import type { Dream11Card, Dream11Day } from '@matchday/contracts';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

export const dream11DayQuery = apiQuery<[day: 'today' | 'tomorrow'], Dream11Day>(
  (day) => `/api/dream11?day=${day}`,
  'Failed to fetch Dream11 teams',
);
export const dream11CardQuery = apiQuery<[fixtureId: string], Dream11Card>(
  (fixtureId) => `/api/dream11/fixture/${fixtureId}`,
  'Failed to fetch the team',
);

export const useDream11Day = (day: 'today' | 'tomorrow') => useApiQuery(dream11DayQuery, [day]);
export const useDream11Card = (fixtureId: string | null) => useApiQuery(dream11CardQuery, fixtureId ? [fixtureId] : null);
