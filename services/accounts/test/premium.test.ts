import { addMonthsUtc, extendPremium } from '../src/lib/premium';

describe('premium time', () => {
  it.each([
    ['2031-01-15T10:20:30.000Z', '2031-02-15T10:20:30.000Z'],
    ['2031-01-31T10:00:00.000Z', '2031-02-28T10:00:00.000Z'],
    ['2032-01-31T10:00:00.000Z', '2032-02-29T10:00:00.000Z'],
    ['2031-03-31T23:59:59.000Z', '2031-04-30T23:59:59.000Z'],
    ['2031-12-31T00:00:00.000Z', '2032-01-31T00:00:00.000Z'],
    ['2031-06-01T00:00:00.999Z', '2031-07-01T00:00:00.000Z'],
  ])('%s + 1 month = %s', (from, to) => {
    expect(addMonthsUtc(new Date(from), 1).toISOString()).toBe(to);
  });

  it('extends from the later of now and the current end', () => {
    const now = new Date('2031-05-10T12:00:00.000Z');
    expect(extendPremium(null, now).toISOString()).toBe('2031-06-10T12:00:00.000Z');
    expect(extendPremium(new Date('2030-01-01T00:00:00.000Z'), now).toISOString()).toBe('2031-06-10T12:00:00.000Z');
    expect(extendPremium(new Date('2031-08-20T00:00:00.000Z'), now).toISOString()).toBe('2031-09-20T00:00:00.000Z');
  });
});
