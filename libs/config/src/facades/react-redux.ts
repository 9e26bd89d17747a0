/**
 * What the frontends take from React Redux: the Provider and the hooks, not connect(). Every frontend
 * build resolves `react-redux` to this module (see shared.ts), so the one shared React Redux singleton
 * is this file, and webpack drops the rest of the package from it.
 *
 * A name our code imports that is missing here fails the build (`exportsPresence: 'error'`): add it.
 * recharts imports Provider and shallowEqual; a library in node_modules is not checked by the build.
 */
export { Provider, ReactReduxContext, shallowEqual, useDispatch, useSelector, useStore } from '@matchday/impl/react-redux';
