/**
 * The real libraries behind the facades, under names Module Federation does not share (a facade that
 * imported its own package name would consume itself). Each name is a webpack alias in shared.ts.
 */
declare module '@matchday/impl/reduxjs-toolkit' {
  export * from '@reduxjs/toolkit';
}

declare module '@matchday/impl/react-redux' {
  export * from 'react-redux';
}
