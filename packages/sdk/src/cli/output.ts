/** Where a command writes: people get lines and progress on stderr, scripts get one JSON document on stdout. */
export class Output {
  private dots?: NodeJS.Timeout;

  constructor(
    readonly json: boolean,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly stderr: NodeJS.WritableStream = process.stderr,
  ) {}

  /** The command's result: JSON as is, or the lines `human` makes of it. */
  result<T>(value: T, human: (value: T) => string): void {
    this.stdout.write(this.json ? `${JSON.stringify(value, null, 2)}\n` : `${human(value)}\n`);
  }

  /** One result of a stream: a line of JSON each (NDJSON) for scripts. */
  event<T>(value: T, human: (value: T) => string): void {
    this.stdout.write(this.json ? `${JSON.stringify(value)}\n` : `${human(value)}\n`);
  }

  /** A line for people (stderr, so that --json output stays one document). */
  say(line: string): void {
    this.stderr.write(`${line}\n`);
  }

  /** Runs `work`, showing `label` and a dot a second until it ends. */
  async waiting<T>(label: string, work: () => Promise<T>): Promise<T> {
    this.stderr.write(`${label} `);
    this.dots = setInterval(() => this.stderr.write('.'), 1000);
    try {
      const value = await work();
      this.stderr.write(' done\n');
      return value;
    } catch (error) {
      this.stderr.write(' failed\n');
      throw error;
    } finally {
      clearInterval(this.dots);
    }
  }
}

/** Aligned `name  value` lines. */
export function fields(entries: Array<[string, unknown]>): string {
  const width = Math.max(...entries.map(([name]) => name.length));
  return entries.map(([name, value]) => `${name.padEnd(width)}  ${value === null || value === undefined ? '-' : String(value)}`).join('\n');
}

/** A table with a header row. */
export function table(header: string[], rows: unknown[][]): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '-' : String(cell))))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Polls `probe` every 500 ms until `done` holds, at most `timeoutMs`. */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
