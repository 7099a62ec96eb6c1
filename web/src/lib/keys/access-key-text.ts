/** The access key's text in groups of `size` characters for reading aloud or copying by hand (spaces are ignored when it is typed back). */
export function groupForReading(text: string, size = 4): string {
  const groups: string[] = [];
  for (let i = 0; i < text.length; i += size) groups.push(text.slice(i, i + size));
  return groups.join(" ");
}
