import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { dropPushSubscription, forgetLastUser } from '@matchday/ui/unshared';
import type { AuthUser } from '@matchday/contracts';

const Menu = styled.nav`
  position: absolute;
  top: calc(100% + 0.5rem);
  right: 0;
  min-width: 13rem;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  padding: 0.4rem;
  box-shadow: 0 12px 30px rgb(0 0 0 / 0.3);
  display: grid;
  &[hidden] {
    display: none;
  }
  form {
    display: grid;
  }
  /* Log out is a form's button (a POST), drawn like the links above it */
  a,
  button {
    padding: 0.55rem 0.7rem;
    border-radius: 6px;
  }
  button {
    border: 0;
    background: none;
    color: inherit;
    text-align: left;
    cursor: pointer;
  }
  a:hover,
  a:focus-visible,
  button:hover,
  button:focus-visible {
    background: ${({ theme }) => theme.surfaceRaised};
  }
  p {
    margin: 0;
    padding: 0.4rem 0.7rem 0.6rem;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
    border-bottom: 1px solid ${({ theme }) => theme.border};
    margin-bottom: 0.3rem;
    overflow-wrap: anywhere;
  }
`;

/**
 * The avatar's menu (Header): the user's name, the account pages and Log out. It stays in the page, hidden while
 * closed. Log out is a form POSTed to /auth/logout (the gateway's cross-site check takes a same-origin form; a
 * link on another site cannot sign anyone out); the form is still in the page when the click closes the menu.
 */
export default function AccountMenu({
  user,
  name,
  hidden,
  onClose,
}: {
  user: AuthUser;
  name: string;
  hidden: boolean;
  onClose: () => void;
}) {
  return (
    <Menu aria-label="Account" hidden={hidden} onClick={onClose}>
      <p>{name}</p>
      <Link to="/profile">Profile</Link>
      <Link to="/blogs">Blog Posts</Link>
      {user.isAdmin && <Link to="/admin">Admin Dashboard</Link>}
      <Link to="/settings">Settings</Link>
      <form
        method="post"
        action="/auth/logout"
        onSubmit={(event) => {
          forgetLastUser();
          // this device's alerts end with the sign-out: unsubscribe first, then post the form
          const form = event.currentTarget;
          event.preventDefault();
          void dropPushSubscription().finally(() => form.submit());
        }}
      >
        <button type="submit">Log out</button>
      </form>
    </Menu>
  );
}
