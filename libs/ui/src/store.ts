import { useMemo, useSyncExternalStore } from 'react';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { themeSlice, type ThemeState } from './theme';
import { toastsSlice, type ToastsState } from './toasts-slice';

/**
 * The one store of the app. It lives in @matchday/ui, which is a shared singleton, so the shell and every remote
 * see the same store; a remote adds its own slice with `slice.injectInto(rootReducer)` (or `rootReducer.inject`).
 *
 * Redux Toolkit, Immer and React Redux are not part of the shell's first render: until `startRedux()` (which the
 * shell calls once the first screen is up) the store is this module's own, which runs the reducers of the theme,
 * the toasts and every injected slice as Redux's combined reducer does, and takes thunks as Redux Toolkit's store
 * does. `startRedux()` then moves the state into a store made by Redux Toolkit's `configureStore` (its middleware
 * and the devtools), and `store` hands everything to it: the same object before and after, so a remote built against
 * an older UI kit that imports `store`, `rootReducer`, `useAppSelector` or `useAppDispatch` keeps working whenever it
 * loads. The hooks read `store` directly: no React Redux `<Provider>` is needed (nor rendered).
 */
export interface RootState {
  theme: ThemeState;
  toasts: ToastsState;
}

export type AppThunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: undefined) => R;

export interface AppDispatch {
  <A extends { type: string }>(action: A): A;
  <R>(thunk: AppThunk<R>): R;
}

type AnyState = Record<string, unknown>;
type AnyReducer = (state: unknown, action: UnknownAction) => unknown;

/** What `rootReducer.inject` takes, as Redux Toolkit's `combineSlices` does (`slice.injectInto(rootReducer)` calls it). */
interface InjectConfig {
  overrideExisting?: boolean;
}

export interface RootReducer {
  (state: RootState | undefined, action: UnknownAction): RootState;
  inject(slice: { reducerPath: string; reducer: Reducer }, config?: InjectConfig): RootReducer;
}

/** The Redux Toolkit store and its combined reducer, once `startRedux()` has made them. */
interface Redux {
  store: { dispatch: (action: unknown) => unknown; getState: () => unknown; subscribe: (listener: () => void) => () => void };
  root: { inject: (slice: { reducerPath: string; reducer: Reducer }, config?: InjectConfig) => unknown };
}

const reducers = new Map<string, AnyReducer>([
  [themeSlice.reducerPath, themeSlice.reducer as AnyReducer],
  [toastsSlice.reducerPath, toastsSlice.reducer as AnyReducer],
]);

/** Redux's combined reducer: each key's reducer on its part; the same object back when no part changed. */
function reduce(state: AnyState | undefined, action: UnknownAction): AnyState {
  let changed = state === undefined;
  const next: AnyState = {};
  for (const [key, reducer] of reducers) {
    next[key] = reducer(state?.[key], action);
    changed ||= next[key] !== state?.[key];
  }
  return changed || !state ? next : state;
}

let redux: Redux | undefined;
let state = reduce(undefined, { type: '@@matchday/init' });
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function getState(): RootState {
  return (redux ? redux.store.getState() : state) as RootState;
}

function dispatchAny(action: unknown): unknown {
  if (redux) return redux.store.dispatch(action);
  if (typeof action === 'function') return (action as AppThunk<unknown>)(dispatch, getState, undefined);
  if (typeof (action as { type?: unknown } | null)?.type !== 'string') throw new Error('An action must be an object with a string type');
  state = reduce(state, action as UnknownAction);
  notify();
  return action;
}
const dispatch = dispatchAny as AppDispatch;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const store = { dispatch, getState, subscribe };

export const rootReducer: RootReducer = Object.assign(
  (current: RootState | undefined, action: UnknownAction) => reduce(current as AnyState | undefined, action) as unknown as RootState,
  {
    inject(slice: { reducerPath: string; reducer: Reducer }, config?: InjectConfig): RootReducer {
      if (!reducers.has(slice.reducerPath) || config?.overrideExisting) reducers.set(slice.reducerPath, slice.reducer as AnyReducer);
      redux?.root.inject(slice, config);
      return rootReducer;
    },
  },
);

let started: Promise<void> | undefined;

/** Loads Redux Toolkit and hands the store to a Redux Toolkit store with the state so far. Once; safe to call again. */
export function startRedux(): Promise<void> {
  started ??= import(/* webpackChunkName: "redux-store" */ './redux-store').then(({ createReduxStore }) => {
    if (redux) return;
    redux = createReduxStore(
      [...reducers].map(([reducerPath, reducer]) => ({ reducerPath, reducer: reducer as Reducer })),
      state,
    );
    redux.store.subscribe(notify);
  });
  return started;
}

export type AppStore = typeof store;

export const useAppDispatch = (): AppDispatch => dispatch;

type EqualityFn<T> = (a: T, b: T) => boolean;

/** React Redux's `useSelector` on the app's store: re-renders when the selected value changes (by `equalityFn`). */
export function useAppSelector<T>(selector: (state: RootState) => T, equality?: EqualityFn<T> | { equalityFn?: EqualityFn<T> }): T {
  const equalityFn = (typeof equality === 'function' ? equality : equality?.equalityFn) ?? Object.is;
  const select = useMemo(() => {
    let last: { state: RootState; value: T } | undefined;
    return () => {
      const current = getState();
      if (last?.state === current) return last.value;
      const value = selector(current);
      last = { state: current, value: last && equalityFn(last.value, value) ? last.value : value };
      return last.value;
    };
  }, [selector, equalityFn]);
  return useSyncExternalStore(subscribe, select, select);
}
