import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { themeSlice, toast, useAppDispatch, useAppSelector } from '@matchday/ui';
import { AUTH_USER_KEY } from '@matchday/ui/unshared';
import type { AuthUser, Theme } from '@matchday/contracts';
import { Section } from '../../../lib/layout';
import { saveTheme } from '../api/save-theme';
import { Switch } from './Switch';

const Row = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  cursor: pointer;
  span small {
    display: block;
    color: ${({ theme }) => theme.textMuted};
  }
`;

/** Dark-mode switch: applied at once (the shell's theme slice), then sent to the server (spec §4, §8). */
export function ThemeCard({ signedIn }: { signedIn: boolean }) {
  const mode = useAppSelector((state) => state.theme.mode);
  const dispatch = useAppDispatch();
  const { mutate } = useSWRConfig();

  const toggle = async () => {
    const next: Theme = mode === 'dark' ? 'light' : 'dark';
    dispatch(themeSlice.actions.setTheme(next));
    if (!signedIn) return;
    try {
      await saveTheme(next);
      await mutate(AUTH_USER_KEY, (user: AuthUser | null | undefined) => (user ? { ...user, theme: next } : user), { revalidate: false });
      toast({ title: 'Theme updated', description: 'Your theme preference is synced across your devices.' });
    } catch {
      toast({ title: 'Theme saved locally', description: 'It could not be synced to your account; it applies on this device.' });
    }
  };

  return (
    <Section id="appearance" title="Appearance" subtitle="Choose how Matchday looks on this and your other devices">
      <Row htmlFor="dark-mode-switch">
        <span>
          Dark Mode
          <small>Switch between the dark and light themes</small>
        </span>
        <Switch
          id="dark-mode-switch"
          type="button"
          role="switch"
          aria-checked={mode === 'dark'}
          aria-label="Dark Mode"
          $on={mode === 'dark'}
          onClick={() => void toggle()}
        />
      </Row>
    </Section>
  );
}
