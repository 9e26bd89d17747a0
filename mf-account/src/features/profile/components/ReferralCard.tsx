import styled from 'styled-components';
import { Skeleton } from '@matchday/ui';
import type { ReferralCodeInfo } from '@matchday/contracts';
import { CopyButton } from '../../../lib/CopyButton';
import { Muted, Section } from '../../../lib/layout';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  flex-wrap: wrap;
`;

const Code = styled.code`
  font-size: 1.5rem;
  font-weight: 800;
  letter-spacing: 0.18em;
  padding: 0.35rem 0.8rem;
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
`;

const Link = styled.code`
  flex: 1 1 14rem;
  min-width: 0;
  overflow-wrap: anywhere;
  padding: 0.45rem 0.7rem;
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
  font-size: 0.88rem;
`;

/** The user's code and share link with copy buttons ('Copied' for 2 s). */
export function ReferralCard({ info, error }: { info: ReferralCodeInfo | null | undefined; error?: Error }) {
  return (
    <Section
      id="referral-card"
      title="Refer Friends"
      subtitle="You and every friend who applies your code get 1 month of free premium. There is no limit on referrals."
      testId="referral-card"
    >
      {error ? (
        <Muted role="alert">Could not load your referral code.</Muted>
      ) : !info ? (
        <Skeleton $height="2.5rem" />
      ) : (
        <>
          <div>
            <Muted as="h3" style={{ margin: '0 0 0.4rem', fontSize: '0.9rem' }}>
              Your Referral Code
            </Muted>
            <Row>
              <Code data-testid="my-referral-code">{info.referralCode}</Code>
              <CopyButton value={info.referralCode} what="Referral code" label="Copy referral code" />
            </Row>
          </div>
          <div>
            <Muted as="h3" style={{ margin: '0 0 0.4rem', fontSize: '0.9rem' }}>
              Share Link
            </Muted>
            <Row>
              <Link data-testid="my-share-link">{info.shareLink}</Link>
              <CopyButton value={info.shareLink} what="Share link" label="Copy share link" />
            </Row>
          </div>
        </>
      )}
    </Section>
  );
}
