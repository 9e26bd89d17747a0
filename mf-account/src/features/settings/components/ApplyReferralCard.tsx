import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { Button, toast } from '@matchday/ui';
import { AUTH_USER_KEY, myReferralCodeQuery } from '@matchday/ui/unshared';
import { PENDING_REFERRAL_STORAGE_KEY, REFERRAL_CODE_MAX_LENGTH } from '@matchday/contracts';
import { Section } from '../../../lib/layout';
import { applyReferralCode } from '../api/apply-referral';

const Form = styled.form`
  display: flex;
  gap: 0.6rem;
  flex-wrap: wrap;
  label {
    flex-basis: 100%;
    font-weight: 600;
  }
  input {
    flex: 1 1 12rem;
    min-width: 0;
    padding: 0.5rem 0.75rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surfaceRaised};
    color: ${({ theme }) => theme.text};
    letter-spacing: 0.12em;
    text-transform: uppercase;
  }
`;

function pendingCode(): string {
  try {
    return (localStorage.getItem(PENDING_REFERRAL_STORAGE_KEY) ?? '').toUpperCase().slice(0, REFERRAL_CODE_MAX_LENGTH);
  } catch {
    return '';
  }
}

function forgetPendingCode(): void {
  try {
    localStorage.removeItem(PENDING_REFERRAL_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * What the field keeps of what was typed or pasted: upper case, at most 8 characters. A longer value (a code pasted
 * with spaces around it) loses those spaces first, so that the code itself is kept whole; no maxLength attribute, which
 * would cut a paste before this sees it. Spaces alone stay, so that applying them gives the spec's message.
 */
function fieldValue(typed: string): string {
  const upper = typed.toUpperCase();
  return (upper.length > REFERRAL_CODE_MAX_LENGTH ? upper.trim() : upper).slice(0, REFERRAL_CODE_MAX_LENGTH);
}

/** Spec §5 input rules and §8 toasts for applying a friend's code. */
export function ApplyReferralCard() {
  const [code, setCode] = useState(pendingCode);
  const [pending, setPending] = useState(false);
  const { mutate } = useSWRConfig();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      toast({ title: 'Enter referral code', description: 'Please enter a valid referral code.', variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const result = await applyReferralCode(trimmed);
      toast({
        title: 'Referral code applied!',
        description: result.message || "You've successfully applied the referral code and received 1 month free access!",
      });
      setCode('');
      forgetPendingCode();
      await Promise.all([mutate(AUTH_USER_KEY), mutate(myReferralCodeQuery.key())]);
    } catch (error) {
      toast({
        title: 'Failed to apply referral code',
        description: (error as Error).message || 'Invalid referral code or code already used.',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Section
      id="apply-referral"
      title="Apply Referral Code"
      subtitle="Got a code from a friend? Apply it and you both get 1 month of free premium. Each account can use one code, and not its own."
    >
      <Form onSubmit={(event) => void submit(event)}>
        <label htmlFor="referral-code-input">Referral Code</label>
        <input
          id="referral-code-input"
          value={code}
          onChange={(event) => setCode(fieldValue(event.target.value))}
          placeholder="Enter referral code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="submit" disabled={code === '' || pending}>
          {pending ? 'Applying...' : 'Apply Code'}
        </Button>
      </Form>
    </Section>
  );
}
