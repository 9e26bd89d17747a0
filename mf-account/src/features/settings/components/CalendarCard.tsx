import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, toast } from '@matchday/ui';
import { calendarLinks, type CalendarLinks } from '@matchday/ui/unshared';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';
import { CopyButton } from '../../../lib/CopyButton';
import { Muted, Section } from '../../../lib/layout';
import { rotateCalendar } from '../api/calendar';
import { usePersonalCalendar } from '../api/use-calendar';
import { CardDataState } from './CardDataState';

const Feed = styled.div`
  display: grid;
  gap: 0.35rem;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const FeedUrl = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  label {
    flex-basis: 100%;
    font-weight: 600;
  }
  input {
    flex: 1;
    min-width: 0;
    min-height: 2.25rem;
    padding: 0.4rem 0.6rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surfaceRaised};
    color: ${({ theme }) => theme.text};
    font: inherit;
    font-size: 0.85rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  > * {
    flex: 1 1 11rem;
    text-decoration: none;
  }
`;

function FeedLinks({ links, onReset }: { links: CalendarLinks; onReset(): void }) {
  return (
    <>
      <FeedUrl>
        <label htmlFor="calendar-feed-url">Calendar link</label>
        <input id="calendar-feed-url" value={links.feed} readOnly onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={links.feed} what="Calendar link" label="Copy calendar link" />
      </FeedUrl>
      <Actions>
        <Button as="a" href={links.webcal}>
          Subscribe (Apple / Outlook)
        </Button>
        <Button as="a" href={links.google} target="_blank" rel="noopener noreferrer" $variant="outline">
          Google Calendar
        </Button>
        <Button as="a" href={links.feed} download="matchday.ics" $variant="outline">
          Download .ics
        </Button>
        <Button type="button" $variant="ghost" onClick={onReset}>
          Reset link
        </Button>
      </Actions>
      <Muted>Google refreshes subscribed calendars only every 8–24 hours.</Muted>
      <Muted>Anyone with this link sees the matches you follow. If you shared it by mistake, reset it.</Muted>
    </>
  );
}

/** The personal "my follows" feed, to subscribe to in a calendar app, copy, download or replace. */
export function CalendarCard() {
  const { data, error, mutate } = usePersonalCalendar();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const close = useCallback(() => setConfirming(false), []);
  const links = useMemo(() => {
    if (!data) return null;
    try {
      return calendarLinks(data.feedUrl);
    } catch {
      return null;
    }
  }, [data]);

  const reset = async () => {
    setPending(true);
    try {
      const next = await rotateCalendar();
      await mutate(next, { revalidate: false });
      toast({ title: 'Calendar link reset', description: 'The old link no longer works. Subscribe again with the new one.' });
    } catch (failure) {
      toast({
        title: 'Could not reset the calendar link',
        description: failure instanceof ApiError ? failure.message : 'Matchday could not be reached. Your link has not changed.',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  return (
    <Section id="calendar" title="Calendar" subtitle="Your matches in the calendar app you already use" testId="calendar-card">
      <Feed>
        <h3>My follows calendar</h3>
        <Muted>Every match of the teams and leagues you follow. It updates itself when kick-off times change.</Muted>
      </Feed>
      {links ? (
        <FeedLinks links={links} onReset={() => setConfirming(true)} />
      ) : data ? (
        <Muted role="alert">Matchday sent a calendar link that calendar apps cannot use. Please try again later.</Muted>
      ) : (
        <CardDataState error={error} loading="Loading your calendar link" onRetry={() => void mutate()} />
      )}
      {confirming && (
        <ConfirmDialog
          title="Reset your calendar link?"
          confirmLabel="Reset link"
          pendingLabel="Resetting..."
          pending={pending}
          onConfirm={() => void reset()}
          onCancel={close}
        >
          <p>The old link stops working: calendars subscribed with it stop updating. You will need to subscribe again with the new link.</p>
        </ConfirmDialog>
      )}
    </Section>
  );
}
