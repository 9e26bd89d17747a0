/** `@matchday/football`: the football service's definition (what `runService` and in-process tests start). */
export { football, startFootball } from './service';
