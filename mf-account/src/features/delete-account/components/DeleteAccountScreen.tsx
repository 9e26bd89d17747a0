import { Link } from 'react-router-dom';
import { Heading, Page, usePageMeta, useSupportEmail } from '@matchday/ui';
import { Muted, Prose } from '../../../lib/layout';

/** Spec §2 and §9: how to delete an account, what is deleted and what is kept for how long. */
export function DeleteAccountScreen() {
  usePageMeta({
    title: 'Delete Your Account',
    description: 'How to delete your Matchday account, what is deleted and how long data is kept.',
  });
  const email = useSupportEmail();
  return (
    <Page>
      <Heading>Delete Your Account</Heading>
      <Prose>
        <Muted>You can delete your Matchday account and personal data at any time.</Muted>
        <h2>Quick deletion (recommended)</h2>
        <ol>
          <li>Sign in to Matchday.</li>
          <li>
            Open your <Link to="/profile">Profile</Link> from the avatar menu.
          </li>
          <li>Scroll to the Danger Zone and choose Delete Account.</li>
          <li>Confirm. Your account is deleted at once and you are signed out on every device.</li>
        </ol>
        <h2>Request deletion by e-mail</h2>
        <p>
          If you cannot sign in, send a deletion request from the e-mail address of your account to{' '}
          <a href={`mailto:${email}?subject=Account%20deletion%20request`}>{email}</a> with the subject &quot;Account deletion
          request&quot;. E-mail requests are processed within 7 business days, and we confirm by e-mail when it is done.
        </p>
        <h2>What is deleted</h2>
        <ul>
          <li>Your profile: first and last name, e-mail address and profile picture.</li>
          <li>Your referral code and your theme preference.</li>
          <li>Every signed-in session on every device.</li>
          <li>
            Your name and e-mail in referral records. The records stay as anonymous counts, so a friend you referred keeps the premium time
            they earned.
          </li>
        </ul>
        <h2>Data retention</h2>
        <ul>
          <li>Deleted data may remain in backups for up to 30 days after deletion, after which it is gone.</li>
          <li>
            Login history is kept for 12 months for security and usage statistics, no longer linked to you once you delete your account.
          </li>
          <li>Premium time from referrals ends with the account and cannot be restored.</li>
        </ul>
        <h2>Privacy notes</h2>
        <p>
          We never sell your personal data. Signing in again with the same Google account later creates a new, empty account. Read our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> for details.
        </p>
        <h2>Contact support</h2>
        <p>
          Questions about deleting your account? Write to <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </Prose>
    </Page>
  );
}
