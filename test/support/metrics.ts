/**
 * A sample's value in Prometheus text (`name{a="b",…} value`): the first series of `name` whose labels
 * include all of `labels`; 0 when there is none yet (a counter before its first increment).
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/);
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return 0;
}

/** Whether `name` has a series with exactly these labels (a gauge at 0 is there; one without samples is not). */
export function hasSeries(text: string, name: string, labels: Record<string, string> = {}): boolean {
  const rendered = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const prefix = rendered ? `${name}{${rendered}} ` : `${name} `;
  return text.split('\n').some((line) => line.startsWith(prefix));
}
