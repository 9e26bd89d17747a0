import fs from 'node:fs';
import { parse } from 'csv-parse/sync';

/** One CSV record by column name, with the 1-based line of the file it starts on. */
export interface CsvRecord {
  line: number;
  values: Record<string, string>;
}

/**
 * Reads a CSV file with a header row (UTF-8, optional BOM). Rows with the wrong number of cells are
 * kept (missing cells empty) so that the caller can report them with their line; blank lines are skipped.
 */
export function readCsv(file: string): { columns: string[]; records: CsvRecord[] } {
  const text = fs.readFileSync(file, 'utf8');
  const rows = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  const [header, ...body] = rows;
  if (!header) return { columns: [], records: [] };
  const columns = header.record.map((c) => c.trim());
  const records = body
    .filter((row) => row.record.some((cell) => cell.trim() !== ''))
    .map((row) => {
      const values: Record<string, string> = {};
      columns.forEach((column, i) => {
        values[column] = (row.record[i] ?? '').trim();
      });
      // info.lines is the record's last line: step back over line breaks inside quoted cells.
      const breaks = row.record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
      return { line: row.info.lines - breaks, values };
    });
  return { columns, records };
}

/** Integer cell: null when empty; NaN when not a whole number (callers report it). */
export function intCell(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** Decimal cell: null when empty or not a number. */
export function decimalCell(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
