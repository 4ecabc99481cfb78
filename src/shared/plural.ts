/** "1 connection", "3 connections"; "1 person", "2 people" with the plural given. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
