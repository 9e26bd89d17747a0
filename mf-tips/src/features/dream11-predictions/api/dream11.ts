import useSWR from 'swr';
import type { Dream11Card } from '@matchday/contracts';
import { readOrThrow } from '../../../lib/ui';

export interface Dream11Day {
  day: 'today' | 'tomorrow';
  date: string;
  cards: Dream11Card[];
  demo: boolean;
}

const fetchDay = readOrThrow<Dream11Day>('Failed to fetch Dream11 teams');
const fetchCard = readOrThrow<Dream11Card>('Failed to fetch the team');

export const useDream11Day = (day: 'today' | 'tomorrow') => useSWR<Dream11Day | null>(`/api/dream11?day=${day}`, fetchDay);
export const useDream11Card = (fixtureId: string | null) =>
  useSWR<Dream11Card | null>(fixtureId ? `/api/dream11/fixture/${fixtureId}` : null, fetchCard);
