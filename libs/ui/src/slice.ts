/**
 * A Redux slice without Redux Toolkit, for the UI kit's own state (theme, toasts): the same shape as one made by
 * `createSlice` where the app uses it (`name`, `reducerPath`, `reducer`, `getInitialState`, and `actions.x(payload)`
 * giving `{ type: 'name/x', payload }` with the creator's `type` and `match`), so that the store works before Redux
 * Toolkit is loaded (store.ts) and `combineSlices` takes these slices once it is. Case reducers return the next state
 * (no Immer).
 */
export interface PayloadAction<P> {
  type: string;
  payload: P;
}

export interface ActionCreator<P> {
  (payload: P): PayloadAction<P>;
  type: string;
  match(action: unknown): action is PayloadAction<P>;
}

type CaseReducers<S> = Record<string, (state: S, payload: never) => S>;

type Actions<S, R extends CaseReducers<S>> = {
  [K in keyof R]: ActionCreator<Parameters<R[K]>[1]>;
};

export interface Slice<S, R extends CaseReducers<S>, Name extends string> {
  name: Name;
  reducerPath: Name;
  reducer: (state: S | undefined, action: { type: string }) => S;
  actions: Actions<S, R>;
  getInitialState: () => S;
}

export function plainSlice<S, R extends CaseReducers<S>, Name extends string>(name: Name, initialState: S, reducers: R): Slice<S, R, Name> {
  const actions = {} as Record<string, ActionCreator<unknown>>;
  const byType = new Map<string, (state: S, payload: unknown) => S>();
  for (const [key, reduce] of Object.entries(reducers)) {
    const type = `${name}/${key}`;
    const create = (payload: unknown) => ({ type, payload });
    actions[key] = Object.assign(create, {
      type,
      match: (action: unknown): action is PayloadAction<unknown> => (action as { type?: unknown } | null)?.type === type,
      toString: () => type,
    });
    byType.set(type, reduce as (state: S, payload: unknown) => S);
  }
  return {
    name,
    reducerPath: name,
    reducer: (state = initialState, action) => {
      const reduce = byType.get(action.type);
      return reduce ? reduce(state, (action as PayloadAction<unknown>).payload) : state;
    },
    actions: actions as Actions<S, R>,
    getInitialState: () => initialState,
  };
}
