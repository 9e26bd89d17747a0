import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@matchday/ui';
import { DialogFrame } from '@matchday/ui/unshared';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

/**
 * A confirmation dialog that clicking outside does not dismiss (spec §4); Cancel or Escape close it
 * unless the action is pending. Focus moves to Cancel on open, stays inside the dialog and goes back
 * where it was when the dialog closes (the kit's DialogFrame).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <DialogFrame
      role="alertdialog"
      labelledBy="confirm-title"
      describedBy="confirm-body"
      onClose={pending ? undefined : onCancel}
      backdropTestId="dialog-backdrop"
    >
      <h2 id="confirm-title">{title}</h2>
      <div id="confirm-body">{children}</div>
      <Actions>
        <Button autoFocus type="button" $variant="outline" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" $variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </Actions>
    </DialogFrame>
  );
}
