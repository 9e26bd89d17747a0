import type { ComponentType } from 'react';
import type { RemoteAppProps } from '@matchday/contracts';
import { BettingTipsScreen } from '../features/betting-tips/components/BettingTipsScreen';
import { Dream11PredictionsScreen } from '../features/dream11-predictions/components/Dream11PredictionsScreen';

/** Screens of this remote, by the key the shell's route table gives. */
const SCREENS: Record<string, ComponentType> = {
  'betting-tips': BettingTipsScreen,
  'dream11-predictions': Dream11PredictionsScreen,
};

export default function App({ screen }: RemoteAppProps) {
  const Screen = SCREENS[screen];
  if (!Screen) throw new Error(`Unknown screen "${screen}"`);
  return <Screen />;
}
