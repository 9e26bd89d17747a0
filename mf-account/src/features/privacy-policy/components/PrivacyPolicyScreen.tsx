import { Link } from 'react-router-dom';
import { Heading, Page, usePageMeta, useSupportEmail } from '@matchday/ui';
import { Muted, Prose } from '../../../lib/layout';

/** Spec §2: static policy, last updated September 20, 2025. */
export function PrivacyPolicyScreen() {
  usePageMeta({ title: 'Privacy Policy', description: 'How Matchday collects, uses and protects your personal data.' });
  const email = useSupportEmail();
  return (
    <Page>
      <Heading>Privacy Policy</Heading>
      <Prose>
        <Muted>
          Last updated: <time dateTime="2025-09-20">September 20, 2025</time>
        </Muted>
        <p>
          This policy explains what personal data Matchday collects when you use the web app, why, and the choices you have. By using
          Matchday you agree to this policy.
        </p>
        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Account information</strong> from Google Sign-In: your name, e-mail address and profile picture.
          </li>
          <li>
            <strong>Account activity</strong>: when you sign in, your referral code, the referrals you make or use, and the premium time
            they give.
          </li>
          <li>
            <strong>Preferences</strong>: your light or dark theme choice.
          </li>
          <li>
            <strong>Usage data</strong>: pages visited, reported to an analytics service to improve the product.
          </li>
        </ul>
        <h2>How we use it</h2>
        <ul>
          <li>To sign you in and keep your session secure.</li>
          <li>To run the referral programme and grant premium access.</li>
          <li>To remember your preferences across devices.</li>
          <li>To understand how the app is used and improve it.</li>
        </ul>
        <h2>Cookies</h2>
        <p>
          We use one essential session cookie to keep you signed in. It holds only a signed session identifier. Your theme choice is also
          stored in your browser.
        </p>
        <h2>Sharing</h2>
        <p>
          We do not sell your personal data. We share it only with services that help us run Matchday (sign-in through Google, hosting and
          analytics), and when the law requires it.
        </p>
        <h2>Retention</h2>
        <p>
          We keep your data while your account exists. After you delete your account, data may remain in backups for up to 30 days. Login
          history is kept for 12 months.
        </p>
        <p>
          When an account that used a referral code is deleted, we keep a keyed hash of its e-mail address (a one-way code, not the address
          itself) for as long as the referral programme runs. It is used only to refuse a second referral for the same e-mail address.
        </p>
        <h2>Your rights</h2>
        <p>
          You can see your data on your <Link to="/profile">Profile</Link>, delete your account at any time (see{' '}
          <Link to="/delete-account">Delete Account</Link>), and ask us about the data we hold. We answer privacy enquiries within 7
          business days.
        </p>
        <h2>Security</h2>
        <p>Connections are encrypted, sessions are kept on our servers, and access to personal data is limited to what is needed.</p>
        <h2>Children</h2>
        <p>Matchday is not intended for children under 13, and we do not knowingly collect their data.</p>
        <h2>Changes</h2>
        <p>We will update the date above when this policy changes and tell you in the app about significant changes.</p>
        <h2>Contact</h2>
        <p>
          Privacy questions: <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </Prose>
    </Page>
  );
}
