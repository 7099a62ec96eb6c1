/**
 * Where this tab keeps its wrapped keys (sessionStorage: this tab only, gone when it closes), light
 * on purpose: /login and the first bundle read it. lib/keys/tab-copy.ts wraps and opens them.
 */

/** The names: the owner's data key (decision 038) and each access key a beneficiary brought (075). */
export const TAB_COPY_NAMES = {
  dataKey: "lv.vault",
  accessKeyPrefix: "lv.access-key.",
} as const;

export function readTabCopy(name: string): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null; // storage off: the tab asks for the key instead
  }
}

export function writeTabCopy(name: string, wrapped: string | null) {
  try {
    if (wrapped === null) sessionStorage.removeItem(name);
    else sessionStorage.setItem(name, wrapped);
  } catch {
    // storage off or full: the memory copy still works for this page
  }
}

/** The names of this tab's copies that start with `prefix`. */
export function tabCopyNames(prefix: string): string[] {
  try {
    const names: string[] = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const name = sessionStorage.key(i);
      if (name?.startsWith(prefix)) names.push(name);
    }
    return names;
  } catch {
    return [];
  }
}

/** Every key this tab keeps: a tab reopened after closing asks again (decision 046). */
export function forgetTabCopies() {
  writeTabCopy(TAB_COPY_NAMES.dataKey, null);
  for (const name of tabCopyNames(TAB_COPY_NAMES.accessKeyPrefix)) writeTabCopy(name, null);
}
