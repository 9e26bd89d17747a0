// Each jest file's environment, before its modules load (jest.config.js setupFiles).
// The stacks tests start inherit it: none makes the season's tips afterwards at start (60 model fits each, nothing
// a gateway or bad-input test reads; services/insights/test/tips-backfill.test.ts runs the backfill itself).
process.env.TIPS_BACKFILL ??= 'off';
