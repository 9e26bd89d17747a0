/**
 * What the frontends and recharts take from Redux Toolkit: the store, slices and the listener
 * middleware; not RTK Query, thunks, selectors, the dynamic middleware or the entity adapter. Every frontend build resolves
 * `@reduxjs/toolkit` to this module (see shared.ts), so the one shared Redux Toolkit singleton is
 * this file, and webpack drops the rest of the package from it: a shared module is bundled whole,
 * because the host cannot know what a remote will import.
 *
 * A name our code imports that is missing here fails the build (`exportsPresence: 'error'`): add it.
 * A library in node_modules importing `@reduxjs/toolkit` gets this module too (the shared singleton),
 * and the build does not check its imports: list what it uses here (grep its ES build).
 */
export {
  combineSlices,
  configureStore,
  createSlice,
  // what recharts (a shared chart library with a Redux store of its own) imports
  autoBatchEnhancer,
  combineReducers,
  createAction,
  createListenerMiddleware,
  current,
  prepareAutoBatched,
} from '@matchday/impl/reduxjs-toolkit';
