import type { ComponentType } from 'react';
import type { RemoteAppProps } from '@matchday/contracts';
import { HomeScreen } from '../features/fixtures-list/components/HomeScreen';

/** Screens of this remote, by the key the shell's route table gives. */
const SCREENS: Record<string, ComponentType> = {
  home: HomeScreen,
};

export default function App({ screen }: RemoteAppProps) {
  const Screen = SCREENS[screen];
  if (!Screen) throw new Error(`Unknown screen "${screen}"`);
  return <Screen />;
}
