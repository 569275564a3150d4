/** The messages of JSON log lines, one a line (a line that is not JSON stays as it is). */
export function logMessages(output: string): string {
  return output
    .split('\n')
    .map((line) => {
      try {
        const { msg } = JSON.parse(line) as { msg?: unknown };
        return typeof msg === 'string' ? msg : line;
      } catch {
        return line;
      }
    })
    .join('\n');
}
