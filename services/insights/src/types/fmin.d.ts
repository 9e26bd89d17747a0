declare module 'fmin' {
  export interface FminPoint {
    x: number[];
    fx: number;
    fxprime: number[];
  }
  /** Polak-Ribiere conjugate gradient with a Wolfe line search; `f` writes the gradient into its second argument. */
  export function conjugateGradient(
    f: (x: number[], gradient: number[]) => number,
    initial: number[],
    params?: { maxIterations?: number; history?: unknown[] },
  ): FminPoint;
  export function nelderMead(f: (x: number[]) => number, initial: number[], params?: { maxIterations?: number }): FminPoint;
}
