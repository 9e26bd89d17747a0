import { useState, type FocusEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@matchday/ui';
import { ALERT_KINDS, type AlertKind, type QuietHours, type UserPreferences, type UserPreferencesUpdate } from '@matchday/contracts';
import { Muted, Section } from '../../../lib/layout';
import { deviceTimeZone, usePreferences } from '../api/use-preferences';
import { DEFAULT_QUIET_HOURS, describeQuietHours, quietHoursProblem } from '../rules/preferences';
import { CardDataState } from './CardDataState';
import { SwitchRow } from './Switch';

export const ALERT_LABELS: Record<AlertKind, string> = {
  'kick-off': 'Kick-off reminder (30 min before)',
  'line-ups': 'Line-ups',
  goal: 'Goals',
  'half-time': 'Half time',
  'full-time': 'Full time',
  'goal-cancelled': 'Cancelled goals (VAR)',
  'red-card': 'Red cards',
};

const Group = styled.div`
  display: grid;
  gap: 0.25rem;
  padding-top: 0.75rem;
  border-top: 1px solid ${({ theme }) => theme.border};
`;

const Times = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  border: 0;
  label {
    display: grid;
    gap: 0.25rem;
    flex: 1 1 8rem;
    font-weight: 600;
  }
  input {
    min-height: 2.75rem;
    padding: 0.4rem 0.6rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surfaceRaised};
    color: ${({ theme }) => theme.text};
    font: inherit;
    color-scheme: ${({ theme }) => theme.mode};
  }
`;

const Problem = styled.p`
  margin: 0;
  flex-basis: 100%;
  color: ${({ theme }) => theme.danger};
`;

const sameHours = (a: QuietHours, b: QuietHours) => a.start === b.start && a.end === b.end;

/**
 * The start and end being typed, saved when focus leaves the two fields with a valid pair that differs from the
 * stored one. A stored value that changes otherwise (a failed save put back, another device) replaces the draft.
 */
function QuietHoursTimes({ saved, onSave }: { saved: QuietHours; onSave(hours: QuietHours): void }) {
  const [draft, setDraft] = useState(saved);
  const [shown, setShown] = useState(saved);
  if (!sameHours(shown, saved)) {
    setShown(saved);
    setDraft(saved);
  }
  // a half-typed time is not an error until the fields are left
  const [left, setLeft] = useState(false);
  const invalid = quietHoursProblem(draft);
  const problem = left ? invalid : null;
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setLeft(true);
    if (!invalid && !sameHours(draft, saved)) onSave(draft);
  };
  return (
    <Times onBlur={leave}>
      <legend className="visually-hidden">Quiet hours</legend>
      <label>
        Start
        <input
          type="time"
          value={draft.start}
          required
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'quiet-hours-problem' : undefined}
          onChange={(event) => setDraft({ ...draft, start: event.target.value })}
        />
      </label>
      <label>
        End
        <input
          type="time"
          value={draft.end}
          required
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'quiet-hours-problem' : undefined}
          onChange={(event) => setDraft({ ...draft, end: event.target.value })}
        />
      </label>
      {problem ? (
        <Problem id="quiet-hours-problem" role="alert">
          {problem}
        </Problem>
      ) : (
        !invalid && <Muted>{describeQuietHours(draft)}</Muted>
      )}
    </Times>
  );
}

function TimeZone({ preferences, save }: { preferences: UserPreferences; save(update: UserPreferencesUpdate): void }) {
  const device = deviceTimeZone();
  return (
    <Muted>
      Times are in <strong>{preferences.timeZone.replace(/_/g, ' ')}</strong>.{' '}
      {device && device !== preferences.timeZone && (
        <Button type="button" $variant="ghost" onClick={() => save({ timeZone: device })}>
          Use this device’s time zone ({device.replace(/_/g, ' ')})
        </Button>
      )}
    </Muted>
  );
}

/** Which alerts come for followed teams and leagues, and the hours they stay silent. */
export function AlertsCard() {
  const { preferences, error, save, retry } = usePreferences();
  const saveAlerts = (update: UserPreferencesUpdate) => void save(update, 'your alert settings');
  return (
    <Section id="alerts" title="Alerts" subtitle="What Matchday tells you about the teams and leagues you follow" testId="alerts-card">
      {!preferences ? (
        <CardDataState error={error} loading="Loading your alert settings" onRetry={retry} />
      ) : (
        <>
          <div>
            {ALERT_KINDS.map((kind) => (
              <SwitchRow
                key={kind}
                id={`alert-${kind}`}
                label={ALERT_LABELS[kind]}
                checked={preferences.alerts[kind]}
                onChange={(on) => saveAlerts({ alerts: { [kind]: on } })}
              />
            ))}
          </div>
          <Group>
            <SwitchRow
              id="quiet-hours"
              label="Quiet hours"
              hint="No alerts at night, or whenever you choose"
              checked={preferences.quietHours !== null}
              onChange={(on) => saveAlerts({ quietHours: on ? DEFAULT_QUIET_HOURS : null })}
            />
            {preferences.quietHours && (
              <QuietHoursTimes saved={preferences.quietHours} onSave={(quietHours) => saveAlerts({ quietHours })} />
            )}
            <TimeZone preferences={preferences} save={saveAlerts} />
          </Group>
        </>
      )}
    </Section>
  );
}
