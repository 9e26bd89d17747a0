import { Link } from 'react-router-dom';
import type { NextDay } from '@matchday/contracts';
import { Button, kickoffLabel } from '@matchday/ui';
import { MessageCard } from '@matchday/ui/unshared';

/** "Next: Sat 7 Dec, 12:30 · 8 matches" (the first kick-off of the next day with something on it). */
export function nextDayText(next: NextDay, now: Date = new Date()): string {
  return `Next: ${kickoffLabel(next.kickoffAt, now)} · ${next.matches} ${next.matches === 1 ? 'match' : 'matches'}`;
}

/**
 * The tab that shows the next day, named as the tab is: the tips link Tomorrow's Tips and the Weekend Special, Dream11
 * Tomorrow's Picks (it has no weekend tab); null when no tab shows it (the day is only named).
 */
export function nextDayLink(next: NextDay, screen: 'betting-tips' | 'dream11-predictions'): { href: string; label: string } | null {
  if (next.tab === 'tomorrow') {
    return { href: `/${screen}?tab=tomorrow`, label: screen === 'betting-tips' ? "Tomorrow's Tips" : "Tomorrow's Picks" };
  }
  if (next.tab === 'weekend' && screen === 'betting-tips') return { href: '/betting-tips?tab=weekend', label: 'Weekend Special' };
  return null;
}

/** An empty day that is no dead end: it names the next day with something on it, and links to the tab showing it. */
export function EmptyDay({
  title,
  message,
  next,
  screen,
}: {
  title: string;
  message: string;
  next: NextDay | undefined;
  screen: 'betting-tips' | 'dream11-predictions';
}) {
  const link = next ? nextDayLink(next, screen) : null;
  return (
    <MessageCard title={title} message={next ? nextDayText(next) : message}>
      {link && (
        <Button as={Link} to={link.href} $variant="outline" data-testid="next-day-link">
          {link.label} →
        </Button>
      )}
    </MessageCard>
  );
}
