import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, DEFAULT_DESCRIPTION, Heading, Page, Tab, TabList, usePageMeta } from '@matchday/ui';
import { Stack } from '@matchday/ui/unshared';
import { REFERRAL_CODE_PATTERN } from '@matchday/contracts';
import { CopyButton } from '../../../lib/CopyButton';
import { Muted, Section } from '../../../lib/layout';
import { PreviewCards, type PreviewContent } from './PreviewCards';

const TABS = [
  ['elegant', 'Elegant Tile'],
  ['live', 'Live Testing'],
  ['generator', 'Preview Generator'],
] as const;
type TabKey = (typeof TABS)[number][0];

const Invitation = styled(Card)`
  display: grid;
  gap: 0.6rem;
  border-color: ${({ theme }) => theme.accent};
  h2 {
    margin: 0;
  }
  code {
    font-size: 1.3rem;
    font-weight: 800;
    letter-spacing: 0.15em;
  }
`;

const Fields = styled.div`
  display: grid;
  gap: 0.7rem;
  label {
    display: grid;
    gap: 0.3rem;
    font-weight: 600;
  }
  input,
  textarea {
    font-weight: 400;
    padding: 0.5rem 0.7rem;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surfaceRaised};
    color: ${({ theme }) => theme.text};
  }
`;

const ToolList = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  display: grid;
  gap: 0.35rem;
  a {
    color: ${({ theme }) => theme.accent};
  }
`;

/** The same card for a link whose code cannot be one: a warning's border, not the invitation's accent. */
const BrokenInvitation = styled(Invitation)`
  border-color: ${({ theme }) => theme.warning};
`;

const Url = styled.code`
  overflow-wrap: anywhere;
  padding: 0.45rem 0.7rem;
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
`;

const TITLE = 'Matchday: football stats, fixtures and fantasy insights';

/** Spec §2 Social preview: internal share-preview tools; /social-preview/{code} is the referral share target. */
export function SocialPreviewScreen() {
  const { referralCode: rawCode } = useParams();
  const linkCode = rawCode?.toUpperCase() ?? null;
  // a code that cannot be one (wrong length or characters) is not presented as an invitation
  const referralCode = linkCode && REFERRAL_CODE_PATTERN.test(linkCode) ? linkCode : null;
  const pageUrl = window.location.href;
  usePageMeta(
    referralCode
      ? {
          title: `Join Matchday with code ${referralCode}`,
          description: 'Get 1 month of free premium football insights with this referral code.',
        }
      : { title: 'Social Preview', description: DEFAULT_DESCRIPTION },
  );
  const [tab, setTab] = useState<TabKey>('elegant');
  const [draft, setDraft] = useState<PreviewContent>({ title: TITLE, description: DEFAULT_DESCRIPTION, url: pageUrl });
  const shared: PreviewContent = { title: TITLE, description: DEFAULT_DESCRIPTION, url: pageUrl };
  const enc = encodeURIComponent;

  return (
    <Page>
      <Heading>Social Preview</Heading>
      <Stack $gap="1.25rem">
        {linkCode && !referralCode && (
          <BrokenInvitation as="section" aria-labelledby="invitation-title" data-testid="referral-invitation-invalid">
            <h2 id="invitation-title">This invitation link is not valid</h2>
            <Muted>
              A referral code is 8 letters and numbers, and this link&apos;s is not one. Ask your friend to share the link again, or copy
              the code from their profile into Settings.
            </Muted>
          </BrokenInvitation>
        )}
        {referralCode && (
          <Invitation as="section" aria-labelledby="invitation-title" data-testid="referral-invitation">
            <h2 id="invitation-title">You&apos;ve been invited to Matchday</h2>
            <p style={{ margin: 0 }}>
              Referral code: <code>{referralCode}</code>
            </p>
            <Muted>Apply this code in Settings and both you and your friend get 1 month of free premium access.</Muted>
            <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
              <CopyButton value={referralCode} what="Referral code" label="Copy referral code" />
              <Button as={Link} to="/settings">
                Apply in Settings
              </Button>
            </div>
          </Invitation>
        )}
        <TabList role="tablist" aria-label="Preview tools">
          {TABS.map(([key, label]) => (
            <Tab
              key={key}
              type="button"
              role="tab"
              id={`tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`panel-${key}`}
              $active={tab === key}
              onClick={() => setTab(key)}
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'elegant' && (
            <Section id="elegant-tile" title="Elegant Tile" subtitle="The 1200x630 share image as each platform shows it">
              <PreviewCards content={shared} />
            </Section>
          )}
          {tab === 'live' && (
            <Section id="live-testing" title="Live Testing" subtitle="Check the live page with the platforms' own debugging tools">
              <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
                <Url>{pageUrl}</Url>
                <CopyButton value={pageUrl} what="URL" label="Copy URL" />
              </div>
              <ToolList>
                <li>
                  <a href={`https://developers.facebook.com/tools/debug/?q=${enc(pageUrl)}`} target="_blank" rel="noreferrer">
                    Facebook Sharing Debugger
                  </a>
                </li>
                <li>
                  <a href={`https://www.linkedin.com/post-inspector/inspect/${enc(pageUrl)}`} target="_blank" rel="noreferrer">
                    LinkedIn Post Inspector
                  </a>
                </li>
                <li>
                  <a href="https://cards-dev.twitter.com/validator" target="_blank" rel="noreferrer">
                    Twitter / X Card Validator
                  </a>
                </li>
                <li>
                  <a href={`https://www.opengraph.xyz/url/${enc(pageUrl)}`} target="_blank" rel="noreferrer">
                    OpenGraph preview
                  </a>
                </li>
              </ToolList>
            </Section>
          )}
          {tab === 'generator' && (
            <Section id="preview-generator" title="Preview Generator" subtitle="Try a title and description before publishing a page">
              <Fields>
                <label>
                  Title
                  <input value={draft.title} maxLength={120} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
                </label>
                <label>
                  Description
                  <textarea
                    rows={3}
                    value={draft.description}
                    maxLength={300}
                    onChange={(e) => setDraft({ ...draft, description: e.target.value })}
                  />
                </label>
                <label>
                  URL
                  <input value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} />
                </label>
              </Fields>
              <PreviewCards content={draft} />
            </Section>
          )}
        </div>
      </Stack>
    </Page>
  );
}
