import styled from 'styled-components';
import { Badge, calendarDate, Skeleton } from '@matchday/ui';
import type { ReferralRecord } from '@matchday/contracts';
import { counted, PlainList } from '@matchday/ui/unshared';
import { Muted, Section } from '../../../lib/layout';

const List = styled(PlainList)`
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 0.7rem 0.8rem;
    border-radius: 10px;
    background: ${({ theme }) => theme.surfaceRaised};
  }
  strong {
    display: block;
  }
  span.meta {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
    overflow-wrap: anywhere;
  }
`;

function displayName(record: ReferralRecord): string {
  const { firstName, lastName, email } = record.referredUser;
  const name = [firstName, lastName].filter(Boolean).join(' ');
  if (name) return name;
  return email ?? 'Deleted account';
}

/** Spec §4: 'completed' as the default badge, any other status as a secondary badge. */
function StatusBadge({ status }: { status: string }) {
  return status === 'completed' ? <Badge $colour="#15803d">{status}</Badge> : <Badge>{status}</Badge>;
}

export function ReferralList({ referrals, error }: { referrals: ReferralRecord[] | null | undefined; error?: Error }) {
  return (
    <Section
      id="my-referrals"
      title="My Referrals"
      subtitle={referrals ? `${counted(referrals.length, 'friend')} joined with your code` : undefined}
      testId="my-referrals"
    >
      {error ? (
        <Muted role="alert">Could not load your referrals.</Muted>
      ) : !referrals ? (
        <Skeleton $height="3rem" />
      ) : referrals.length === 0 ? (
        <Muted>No referrals yet. Share your code to start earning free premium.</Muted>
      ) : (
        <List>
          {referrals.map((record) => (
            <li key={record.id} data-testid="referral-item">
              <div>
                <strong>{displayName(record)}</strong>
                <span className="meta">
                  {record.referredUser.email ? `${record.referredUser.email} · ` : ''}Joined {calendarDate(record.createdAt)}
                </span>
              </div>
              <StatusBadge status={record.status} />
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
