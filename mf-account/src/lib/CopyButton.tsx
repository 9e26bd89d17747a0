import { useEffect, useRef, useState } from 'react';
import { Button, copyText, toast } from '@matchday/ui';

/** Spec §9: the copied indicator lasts 2000 ms. */
export const COPIED_MS = 2000;

/** Copies `value`; shows 'Copied' for 2 s and the toasts of spec §8 ('{what} copied to clipboard'). */
export function CopyButton({ value, what, label }: { value: string; what: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      toast({ title: 'Copied!', description: `${what} copied to clipboard` });
    } else {
      toast({ title: 'Failed to copy', description: 'Please copy manually', variant: 'destructive' });
    }
  };
  return (
    <Button type="button" $variant="outline" aria-label={label} onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
