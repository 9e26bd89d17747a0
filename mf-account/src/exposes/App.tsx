import type { ComponentType } from 'react';
import type { RemoteAppProps } from '@matchday/contracts';
import { ProfileScreen } from '../features/profile/components/ProfileScreen';
import { SettingsScreen } from '../features/settings/components/SettingsScreen';
import { BlogsScreen } from '../features/blogs/components/BlogsScreen';
import { InsightsAndAnalysisScreen } from '../features/insights-and-analysis/components/InsightsAndAnalysisScreen';
import { DeleteAccountScreen } from '../features/delete-account/components/DeleteAccountScreen';
import { PrivacyPolicyScreen } from '../features/privacy-policy/components/PrivacyPolicyScreen';
import { SocialPreviewScreen } from '../features/social-preview/components/SocialPreviewScreen';

/** Screens of this remote, by the key the shell's route table gives. */
const SCREENS: Record<string, ComponentType> = {
  profile: ProfileScreen,
  settings: SettingsScreen,
  blogs: BlogsScreen,
  'insights-and-analysis': InsightsAndAnalysisScreen,
  'delete-account': DeleteAccountScreen,
  'privacy-policy': PrivacyPolicyScreen,
  'social-preview': SocialPreviewScreen,
};

export default function App({ screen }: RemoteAppProps) {
  const Screen = SCREENS[screen];
  if (!Screen) throw new Error(`Unknown screen "${screen}"`);
  return <Screen />;
}
