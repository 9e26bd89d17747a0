import type { ComponentType } from 'react';
import type { RemoteAppProps } from '@matchday/contracts';
import { AdminScreen } from '../features/admin/components/AdminScreen';

/** Screens of this remote, by the key the shell's route table gives. */
const SCREENS: Record<string, ComponentType> = {
  admin: AdminScreen,
};

export default function App({ screen }: RemoteAppProps) {
  const Screen = SCREENS[screen];
  if (!Screen) throw new Error(`Unknown screen "${screen}"`);
  return <Screen />;
}
