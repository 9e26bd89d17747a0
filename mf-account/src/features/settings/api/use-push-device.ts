import { useEffect, useMemo, useState } from 'react';
import { toast } from '@matchday/ui';
import { pushState, type PushState } from '../rules/push-support';
import { browserPushDevice, currentSubscription, readPushEnvironment, turnOffPush, turnOnPush } from './push-device';

function canSubscribe(): boolean {
  const environment = readPushEnvironment(false);
  return environment.serviceWorker && environment.pushManager;
}

/**
 * Alerts on this device: its state (`checking` until the subscription has been read), and the two taps. Nothing
 * here asks for permission on load: only turnOn does, and only when tapped.
 */
export function usePushDevice() {
  const device = useMemo(browserPushDevice, []);
  // null while the subscription is being read; false at once where there is no push to read
  const [subscribed, setSubscribed] = useState<boolean | null>(() => (canSubscribe() ? null : false));
  // Notification.permission as last seen; a tap's answer replaces it
  const [permission, setPermission] = useState<NotificationPermission | null>(() => readPushEnvironment(false).permission);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!canSubscribe()) return;
    let live = true;
    currentSubscription(device)
      .then((subscription) => subscription !== null)
      .catch(() => false)
      .then((found) => {
        if (live) setSubscribed(found);
      });
    return () => {
      live = false;
    };
  }, [device]);

  const state: PushState | 'checking' = subscribed === null ? 'checking' : pushState({ ...readPushEnvironment(subscribed), permission });

  const turnOn = () => {
    setBusy(true);
    // turnOnPush asks for permission before its first await: still inside this tap
    turnOnPush(device)
      .then((outcome) => {
        if (outcome === 'on') {
          setPermission('granted');
          setSubscribed(true);
          toast({
            title: 'Alerts are on',
            description: 'This device gets alerts for the teams and leagues you follow.',
            variant: 'success',
          });
        } else if (outcome === 'denied') {
          setPermission('denied');
        } else {
          toast({ title: 'Alerts are still off', description: 'Matchday can send alerts once you allow notifications.' });
        }
      })
      .catch((error: unknown) => {
        toast({ title: 'Could not turn alerts on', description: (error as Error).message, variant: 'destructive' });
      })
      .finally(() => setBusy(false));
  };

  const turnOff = () => {
    setBusy(true);
    turnOffPush(device)
      .then(() => {
        setSubscribed(false);
        toast({ title: 'Alerts are off on this device', description: 'The bell in the header still lists them while Matchday is open.' });
      })
      .catch((error: unknown) => {
        toast({ title: 'Could not turn alerts off', description: (error as Error).message, variant: 'destructive' });
      })
      .finally(() => setBusy(false));
  };

  return { state, busy, turnOn, turnOff };
}
