import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { themeSlice } from './theme';
import { toastsSlice } from './toasts-slice';

/**
 * The one Redux store of the app. It lives in @matchday/ui, which is a shared singleton, so the
 * shell and every remote see the same store; a remote adds its own slice with `rootReducer.inject(slice)`.
 */
export const rootReducer = combineSlices(themeSlice, toastsSlice);

export const store = configureStore({ reducer: rootReducer });

export type AppStore = typeof store;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
