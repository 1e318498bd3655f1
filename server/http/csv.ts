/**
 * CSV for the back office's exports and the stock import: RFC 4180 cells and rows, a streamed
 * download, and a reader. Exports are UTF-8 with a byte order mark (spreadsheets read names right)
 * and CRLF rows.
 */

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would read as a formula (starting with = + - @, tab
 * or carriage return) gets a leading apostrophe first (OWASP "CSV injection"): a customer named
 * "=HYPERLINK(...)" stays text in the accountant's spreadsheet.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows per query of the back office's exports (customers, inventory; orders use fewer: server/orders/export.ts). */
export const EXPORT_BATCH = 1000;

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * The most characters in one chunk of a streamed CSV (about 32 KB; 64 KB if a name holds characters
 * outside Latin-1). Text is yielded in chunks this size, never a batch at a time: 1,000 orders make
 * about 250,000 characters, and a string over 128 KB goes to V8's large-object space, which only a
 * full collection frees (rare: the old generation must grow first). A download then piled up every
 * batch's text, 25 MB for 100,000 orders, until one ran. Small chunks die young, in the next
 * scavenge (docs/back-office.md, "CSV export for the accountant").
 */
export const CSV_CHUNK_CHARS = 32 * 1024;

/** CSV lines joined into chunks of about CSV_CHUNK_CHARS characters, each ending at a line's end. */
export function* csvChunks(lines: Iterable<string>): Generator<string> {
  let chunk = "";
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= CSV_CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk !== "") yield chunk;
}

/** The byte order mark and the header row: a file's first chunk. */
export const csvHeader = (cells: string[]) => `\uFEFF${csvLine(cells)}`;

/** "2026-11-23 04:15" in the admin's zone (the header names the zone). */
export function csvDateFormatter(timeZone: string) {
  const f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return (d: Date) => {
    const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
}

/** Bytes for a Response body, one chunk asked for each time the reader wants more (back-pressure). */
export function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** A streamed CSV download named `<name>-YYYY-MM-DD.csv`. */
export function csvDownload(name: string, chunks: AsyncGenerator<string>): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(textStream(chunks), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}-${day}.csv"` },
  });
}

/**
 * Reads CSV text into rows of cells (RFC 4180: quoted cells, doubled quotes, CRLF or LF rows; a byte
 * order mark first is dropped). Null when a quoted cell is never closed.
 */
export function parseCsv(text: string): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (quoted) return null;
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}
