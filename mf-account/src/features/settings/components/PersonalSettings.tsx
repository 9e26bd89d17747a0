import { useEffect } from 'react';
import { Stack } from '@matchday/ui/unshared';
import { Columns } from '../../../lib/layout';
import { AlertsCard } from './AlertsCard';
import { CalendarCard } from './CalendarCard';
import { PushCard } from './PushCard';
import { SpoilerCard } from './SpoilerCard';

/**
 * The personal section of Settings: alerts, push on this device, spoiler-free mode, the calendar feed.
 * Loaded on demand (SettingsScreen) so the remote's other screens do not carry it.
 */
export default function PersonalSettings() {
  // /settings#alerts (Quick Actions' "Notification Preferences"): the target arrives after the page did
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <>
      <Columns>
        <AlertsCard />
        <Stack $gap="1.25rem">
          <PushCard />
          <SpoilerCard />
        </Stack>
      </Columns>
      <CalendarCard />
    </>
  );
}
