/** A growth percentage as the API sends it (two decimals) and as a badge reads it: "12.50" → "+12.5%". */
export function formatGrowth(percentage: string): string {
  const value = Number(percentage);
  const figure = `${Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
  return value < 0 ? `-${figure}` : `+${figure}`;
}

/** A negative percentage: the badge turns red and points down. */
export const isDecline = (percentage: string) => Number(percentage) < 0;
