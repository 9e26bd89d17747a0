import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';

// React Redux stays a shared singleton that the shell gives (remotes and recharts import it): this re-export keeps it in
// the shell's build, and it is loaded with Redux Toolkit, once the first screen is up.
export { Provider } from 'react-redux';

/**
 * The Redux Toolkit store that store.ts hands the app's store to once the first screen is up (`startRedux`): loaded
 * on demand, so Redux Toolkit, Immer and Redux are not part of the shell's first render.
 */
export function createReduxStore(slices: Array<{ reducerPath: string; reducer: Reducer }>, preloadedState: Record<string, unknown>) {
  const [first, ...rest] = slices;
  const root = combineSlices(first!, ...rest);
  return { root, store: configureStore({ reducer: root, preloadedState }) };
}
