import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, startRedux, store, type RootState } from '../src/store';
import { themeSlice } from '../src/theme';
import { toastsSlice } from '../src/toasts-slice';

/** A slice as a remote injects one (mf-admin's admin-slice.ts), made by Redux Toolkit. */
const counter = createSlice({
  name: 'counter',
  initialState: { count: 0 },
  reducers: {
    add(state, action: PayloadAction<number>) {
      state.count += action.payload;
    },
  },
});
const injected = counter.injectInto(rootReducer);
type WithCounter = RootState & { counter?: { count: number } };
const count = () => injected.selectSlice(store.getState() as WithCounter).count;

/** One store, run by the UI kit's own code until startRedux(), then by Redux Toolkit's: the same state and listeners across. */
describe('the app store before and after Redux Toolkit is loaded', () => {
  it('runs the theme, the toasts and an injected slice without Redux Toolkit, as Redux would', () => {
    const calls: number[] = [];
    const unsubscribe = store.subscribe(() => calls.push(1));
    expect(store.getState().theme.mode).toBe('dark');
    store.dispatch(themeSlice.actions.setTheme('light'));
    expect(store.getState().theme.mode).toBe('light');
    const before = store.getState();
    store.dispatch({ type: 'nothing/happens' });
    expect(store.getState()).toBe(before);
    store.dispatch(toastsSlice.actions.show({ title: 'Saved', variant: 'success', durationMs: 5000 }));
    expect(store.getState().toasts.current).toEqual({ id: 1, title: 'Saved', variant: 'success', durationMs: 5000 });
    store.dispatch(toastsSlice.actions.dismiss(2));
    expect(store.getState().toasts.current?.id).toBe(1);
    store.dispatch(toastsSlice.actions.dismiss(undefined));
    expect(store.getState().toasts.current).toBeNull();
    expect(count()).toBe(0);
    store.dispatch(counter.actions.add(2));
    expect(count()).toBe(2);
    // a thunk, as Redux Toolkit's store takes one
    expect(store.dispatch((dispatch, getState) => (dispatch(counter.actions.add(1)), getState().theme.mode))).toBe('light');
    expect(count()).toBe(3);
    expect(calls).toHaveLength(7);
    unsubscribe();
    store.dispatch({ type: 'nothing/happens' });
    expect(calls).toHaveLength(7);
    expect(themeSlice.actions.setTheme.match({ type: 'theme/setTheme', payload: 'dark' })).toBe(true);
    expect(() => store.dispatch({} as { type: string })).toThrow('string type');
  });

  it('hands the state and the listeners to a Redux Toolkit store, which takes slices injected after', async () => {
    const calls: string[] = [];
    store.subscribe(() => calls.push(store.getState().theme.mode));
    await startRedux();
    await startRedux();
    expect(store.getState().theme.mode).toBe('light');
    expect(count()).toBe(3);
    store.dispatch(themeSlice.actions.setTheme('dark'));
    store.dispatch(counter.actions.add(4));
    expect(calls).toEqual(['dark', 'dark']);
    expect(count()).toBe(7);
    const later = createSlice({ name: 'later', initialState: { on: false }, reducers: { turnOn: () => ({ on: true }) } });
    const laterInjected = later.injectInto(rootReducer);
    store.dispatch(later.actions.turnOn());
    expect(laterInjected.selectSlice(store.getState() as RootState & { later?: { on: boolean } }).on).toBe(true);
    expect(store.dispatch((_, getState) => getState().toasts.current)).toBeNull();
  });
});
