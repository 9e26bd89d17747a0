import { useCallback, useState } from 'react';
import { Button, toast } from '@matchday/ui';
import { forgetLastUser } from '@matchday/ui/unshared';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';
import { Muted, Section } from '../../../lib/layout';
import { deleteAccount } from '../api/delete-account';

/** Spec §9: sign out (POST /auth/logout, then home) 2000 ms after a successful deletion. */
export const REDIRECT_AFTER_DELETE_MS = 2000;

/**
 * Signs out as the header's Log out does: a form POSTed to /auth/logout (the gateway's cross-site check takes a
 * same-origin form), made at the time so it is sent even when this screen was left in the meantime.
 */
function postLogout(): void {
  forgetLastUser();
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/auth/logout';
  form.hidden = true;
  document.body.append(form);
  form.submit();
}

export function DangerZone() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  const confirm = async () => {
    setPending(true);
    try {
      await deleteAccount();
      toast({
        title: 'Account Deleted',
        description: 'Your account has been permanently deleted. You will be redirected to the home page.',
      });
      setTimeout(postLogout, REDIRECT_AFTER_DELETE_MS);
    } catch (error) {
      setPending(false);
      setOpen(false);
      toast({
        title: 'Delete Failed',
        description: (error as Error).message || 'Failed to delete account. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Section id="danger-zone" title="Danger Zone" subtitle="Irreversible actions for your account" tone="danger" testId="danger-zone">
      <Muted>
        Deleting your account permanently removes your profile, referral code and preferences, and signs you out on every device.
      </Muted>
      <div>
        <Button type="button" $variant="danger" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      {open && (
        <ConfirmDialog
          title="Are you absolutely sure?"
          confirmLabel="Yes, Delete My Account"
          pendingLabel="Deleting Account..."
          pending={pending}
          onConfirm={() => void confirm()}
          onCancel={close}
        >
          <p>
            This action cannot be undone. This will permanently delete your account and remove your data from our servers, including your
            referral code and preferences.
          </p>
        </ConfirmDialog>
      )}
    </Section>
  );
}
