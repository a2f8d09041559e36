/** One sample of Prometheus's text format: `name{label="value",…} value`. */
export interface PrometheusSample {
  name: string;
  labels: Map<string, string>;
  value: number;
}

/** Every sample in a scrape (comments and blank lines skipped). */
export function samples(text: string): PrometheusSample[] {
  const out: PrometheusSample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    out.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return out;
}

/** The value of one sample, by its name and (some of) its labels, or undefined when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels.get(k) === v))?.value;
}
