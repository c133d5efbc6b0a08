import { describe, expect, it } from 'vitest';
import { changeText, dashboardPeriods } from '../../admin-web/src/dashboard/dashboard-periods.js';
import { addDays, everyDay, previousRange } from '../../shared/domain/sales-report.js';

describe('the dashboard’s periods', () => {
  it('compares today with yesterday, the last 7 days with the 7 before, and 30 days with the previous 30', () => {
    const days = everyDay('2026-11-01', '2026-11-30', [
      { day: '2026-11-30', revenueCents: 1000, orders: 1 },
      { day: '2026-11-29', revenueCents: 500, orders: 2 },
      { day: '2026-11-24', revenueCents: 300, orders: 1 },
      { day: '2026-11-23', revenueCents: 200, orders: 1 },
      { day: '2026-11-16', revenueCents: 100, orders: 1 },
      { day: '2026-11-01', revenueCents: 7, orders: 1 },
    ]);
    const [today, week, month] = dashboardPeriods({
      days,
      total: { revenueCents: 2107, orders: 7 },
      previous: { from: '2026-10-02', to: '2026-10-31', revenueCents: 4000, orders: 3 },
    });
    expect(today).toEqual({
      label: 'Today',
      current: { revenueCents: 1000, orders: 1 },
      previous: { revenueCents: 500, orders: 2 },
    });
    expect(week).toMatchObject({
      current: { revenueCents: 1800, orders: 4 },
      previous: { revenueCents: 200, orders: 1 },
    });
    expect(month).toMatchObject({
      current: { revenueCents: 2107 },
      previous: { revenueCents: 4000, orders: 3 },
    });
  });

  it('words the change, and says so when there was nothing before', () => {
    expect(changeText(1500, 1000)).toBe('+50% on the period before');
    expect(changeText(500, 1000)).toBe('-50% on the period before');
    expect(changeText(500, 0)).toBe('none the period before');
    expect(changeText(0, 0)).toBe('none before either');
  });

  it('counts days across month ends and leap days, the period before ending the day before', () => {
    expect(everyDay('2028-02-27', '2028-03-01', []).map((d) => d.day)).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(previousRange('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
