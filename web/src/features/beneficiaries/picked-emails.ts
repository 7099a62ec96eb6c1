/**
 * The picker's choice (docs/decisions/053): the e-mails of the people an item is left to, in the
 * order they were picked, each once. Ticking adds at the end; unticking removes.
 */
export function toggleEmail(chosen: readonly string[], email: string): string[] {
  return chosen.includes(email) ? chosen.filter((e) => e !== email) : [...chosen, email];
}
