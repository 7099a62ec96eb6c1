/** The longest name (without its extension) a file of the export gets: well under every file system's 255 bytes. */
const MAX_STEM_LENGTH = 100;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A name that is safe as one file or folder name on Windows, macOS and Linux: no path separators,
 * control or reserved characters, no leading or trailing dots and spaces, not a reserved device
 * name, not too long (the extension is kept); `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const { stem, ext } = splitExtension(cleaned);
  const short = stem.slice(0, MAX_STEM_LENGTH).trim();
  if (!short) return fallback;
  return `${WINDOWS_RESERVED.test(short) ? `${short}_` : short}${ext}`;
}

/** "will.pdf" is "will" and ".pdf"; a name without a dot (or only a leading one) has no extension. */
export function splitExtension(name: string): { stem: string; ext: string } {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return { stem: name, ext: "" };
  const ext = name.slice(dot);
  return ext.length > 16 ? { stem: name, ext: "" } : { stem: name.slice(0, dot), ext };
}

/**
 * The names already used in one folder of the ZIP, compared without case (Windows and macOS do
 * not tell "Will.pdf" from "will.pdf").
 */
export type FolderNames = Set<string>;

/**
 * The first of `stem`, "stem (2)", "stem (3)"... for which every `stem + suffix` is still free in
 * `taken`; those names are then taken. A file passes its extension; a note passes ".md" and ""
 * (its Markdown and the folder of its files share the stem).
 */
export function takeStem(taken: FolderNames, stem: string, suffixes: readonly string[]): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? stem : `${stem} (${n})`;
    const names = suffixes.map((s) => `${candidate}${s}`.toLowerCase());
    if (names.some((name) => taken.has(name))) continue;
    for (const name of names) taken.add(name);
    return candidate;
  }
}

/** A unique, safe name for a file in a folder: "will.pdf", then "will (2).pdf". */
export function takeFileName(taken: FolderNames, name: string, fallback: string): string {
  const { stem, ext } = splitExtension(safeFileName(name, fallback));
  return `${takeStem(taken, stem, [ext])}${ext}`;
}
