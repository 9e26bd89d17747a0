import { ScreenPlaceholder } from '@matchday/ui';

export function DeleteAccountScreen() {
  return <ScreenPlaceholder title="Delete Account" description="How to delete your account and what is deleted." />;
}
