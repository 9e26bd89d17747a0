import { Fragment } from 'react';
import styled from 'styled-components';
import { Badge, calendarDate } from '@matchday/ui';
import type { AuthUser } from '@matchday/contracts';
import { Section } from '../../../lib/layout';
import { isPremium } from '../../../lib/premium';

const Fields = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.6rem 1.25rem;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Banner = styled.p`
  margin: 0;
  padding: 0.7rem 0.9rem;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.success};
  color: ${({ theme }) => theme.text};
  background: ${({ theme }) => theme.surfaceRaised};
`;

const NOT_PROVIDED = 'Not provided';

/**
 * An e-mail that may wrap after its "@" or a dot on a narrow screen, not in the middle of a word
 * ("alice@example.co / m" at 390 px).
 */
function Email({ address }: { address: string }) {
  // each "@" and "." ends a part (no lookbehind: older Safari cannot parse one)
  const parts: string[] = [];
  for (const piece of address.split(/([@.])/)) {
    if ((piece === '@' || piece === '.') && parts.length > 0) parts[parts.length - 1] += piece;
    else if (piece) parts.push(piece);
  }
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** Spec §2 Profile information; premium texts of §4. */
export function ProfileInfo({ user }: { user: AuthUser }) {
  const premium = isPremium(user.freeAccessUntil);
  return (
    <Section id="profile-info" title="Profile Information" subtitle="Your account details" testId="profile-info">
      <Fields>
        <dt>First Name</dt>
        <dd>{user.firstName || NOT_PROVIDED}</dd>
        <dt>Last Name</dt>
        <dd>{user.lastName || NOT_PROVIDED}</dd>
        <dt>Email</dt>
        <dd>
          <Email address={user.email} />
        </dd>
        <dt>Subscription Status</dt>
        <dd data-testid="subscription-status">
          {premium ? (
            <>
              <Badge $colour="#15803d">1 Month Free Premium</Badge> <span>Until {calendarDate(user.freeAccessUntil!)}</span>
            </>
          ) : (
            <Badge>Free Access</Badge>
          )}
        </dd>
      </Fields>
      {premium && (
        <Banner role="status" data-testid="premium-banner">
          Premium access is active until {calendarDate(user.freeAccessUntil!)}. Enjoy every insight.
        </Banner>
      )}
    </Section>
  );
}
