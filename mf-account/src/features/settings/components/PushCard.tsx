import type { ReactNode } from 'react';
import { Button, Skeleton } from '@matchday/ui';
import { Muted, Section } from '../../../lib/layout';
import { usePushDevice } from '../api/use-push-device';
import type { PushState } from '../rules/push-support';

/** What each state says; where push cannot work here, the explanation takes the place of the button. */
const EXPLANATIONS: Record<Exclude<PushState, 'on' | 'off'>, ReactNode> = {
  'ios-too-old': (
    <>
      <strong>Alerts need iOS 16.4 or later.</strong> Update your iPhone or iPad in Settings → General → Software Update, then come back
      here.
    </>
  ),
  'ios-install': (
    <>
      <strong>On iPhone and iPad, alerts work once Matchday is on your Home Screen.</strong> In Safari, tap Share, then Add to Home Screen.
      Then open Matchday from the Home Screen and turn alerts on here.
    </>
  ),
  unsupported: (
    <>
      <strong>This browser cannot receive alerts.</strong> A recent Chrome, Edge, Firefox or Safari can.
    </>
  ),
  denied: (
    <>
      <strong>Notifications are blocked for Matchday in this browser.</strong> To allow them again, open the site’s settings (the icon at
      the left of the address bar, or your browser’s Settings → Privacy → Site settings → Notifications), allow notifications for Matchday,
      then reload this page. On an iPhone or iPad: Settings → Notifications → Matchday.
    </>
  ),
};

/** Web Push on this device. The permission prompt only ever comes from the tap on the button. */
export function PushCard() {
  const { state, busy, turnOn, turnOff } = usePushDevice();
  return (
    <Section
      id="push-alerts"
      title="Push on this device"
      subtitle="Alerts as notifications, even when Matchday is closed"
      testId="push-card"
    >
      <div aria-live="polite" data-state={state} data-testid="push-state">
        {state === 'checking' ? (
          <Skeleton $height="2.25rem" $width="16rem" />
        ) : state === 'on' ? (
          <Muted>Alerts are on for this device.</Muted>
        ) : state === 'off' ? (
          <Muted>Alerts are off for this device.</Muted>
        ) : (
          <Muted>{EXPLANATIONS[state]}</Muted>
        )}
      </div>
      {state === 'off' && (
        <div>
          <Button type="button" disabled={busy} onClick={turnOn}>
            {busy ? 'Turning on...' : 'Turn on alerts on this device'}
          </Button>
        </div>
      )}
      {state === 'on' && (
        <div>
          <Button type="button" $variant="outline" disabled={busy} onClick={turnOff}>
            {busy ? 'Turning off...' : 'Turn off'}
          </Button>
        </div>
      )}
      <Muted>The bell in the header lists the same alerts while Matchday is open, even without push.</Muted>
    </Section>
  );
}
