import styled from 'styled-components';
import type { SpoilerScope } from '@matchday/contracts';
import { Muted, Section } from '../../../lib/layout';
import { usePreferences } from '../api/use-preferences';
import { CardDataState } from './CardDataState';
import { SwitchRow } from './Switch';

export const SPOILER_SCOPE_LABELS: Record<SpoilerScope, string> = {
  all: 'For every match',
  followed: 'Only for teams and leagues I follow',
};

const Choices = styled.fieldset`
  display: grid;
  gap: 0.25rem;
  margin: 0;
  padding: 0.75rem 0 0;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.border};
  legend {
    padding: 0;
    font-weight: 600;
  }
  label {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    min-height: 2.75rem;
    cursor: pointer;
  }
  input {
    width: 1.15rem;
    height: 1.15rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.accent};
  }
`;

/** Scores and results hidden everywhere Matchday shows them, for every match or for followed ones. */
export function SpoilerCard() {
  const { preferences, error, save, retry } = usePreferences();
  const saveSpoilers = (update: { spoilerFree?: boolean; spoilerScope?: SpoilerScope }) => void save(update, 'spoiler-free mode');
  return (
    <Section id="spoiler-free" title="Spoiler-free mode" subtitle="Watching later? Keep the results to yourself" testId="spoiler-card">
      {!preferences ? (
        <CardDataState error={error} loading="Loading spoiler-free mode" onRetry={retry} />
      ) : (
        <>
          <SwitchRow
            id="spoiler-free-switch"
            label="Hide scores and results"
            checked={preferences.spoilerFree}
            onChange={(spoilerFree) => saveSpoilers({ spoilerFree })}
          />
          {preferences.spoilerFree && (
            <Choices>
              <legend>Hide them</legend>
              {(Object.keys(SPOILER_SCOPE_LABELS) as SpoilerScope[]).map((scope) => (
                <label key={scope}>
                  <input
                    type="radio"
                    name="spoiler-scope"
                    value={scope}
                    checked={preferences.spoilerScope === scope}
                    onChange={() => saveSpoilers({ spoilerScope: scope })}
                  />
                  {SPOILER_SCOPE_LABELS[scope]}
                </label>
              ))}
            </Choices>
          )}
          <Muted>
            Scores stay hidden on lists, match pages, tables, alerts and calendar titles. Tap a hidden score to reveal it for that match.
          </Muted>
        </>
      )}
    </Section>
  );
}
