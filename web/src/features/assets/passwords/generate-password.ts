import { randomIndex, type FillRandom } from "@/lib/crypto/random-index";

export const LOWERCASE = "abcdefghijklmnopqrstuvwxyz";
export const UPPERCASE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const DIGITS = "0123456789";
/** Symbols that every site's password rules accept and that read unambiguously (no quotes, no spaces). */
export const SYMBOLS = "!#$%&*+-=?@^_~";

export const LENGTH_MIN = 12;
export const LENGTH_MAX = 64;
export const LENGTH_DEFAULT = 20;
export const WORDS_MIN = 4;
export const WORDS_MAX = 10;
export const WORDS_DEFAULT = 6;

export type CharacterOptions = {
  kind: "characters";
  length: number;
  hasLetters: boolean;
  hasDigits: boolean;
  hasSymbols: boolean;
};
export type PassphraseOptions = { kind: "passphrase"; words: number };
export type GeneratorOptions = CharacterOptions | PassphraseOptions;

export const defaultCharacterOptions: CharacterOptions = {
  kind: "characters",
  length: LENGTH_DEFAULT,
  hasLetters: true,
  hasDigits: true,
  hasSymbols: true,
};

const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(value)));

/** The character sets the options ask for (letters when none is chosen: a password needs some). */
export function characterSets(options: CharacterOptions): string[] {
  const sets = [
    ...(options.hasLetters ? [LOWERCASE, UPPERCASE] : []),
    ...(options.hasDigits ? [DIGITS] : []),
    ...(options.hasSymbols ? [SYMBOLS] : []),
  ];
  return sets.length > 0 ? sets : [LOWERCASE, UPPERCASE];
}

/**
 * A random password of `length` (12 to 64) characters drawn uniformly from the chosen sets, with
 * at least one character of each set: a draw that misses a set is thrown away whole and drawn
 * again, so every acceptable password is equally likely.
 */
export function generatePassword(options: CharacterOptions, fill?: FillRandom): string {
  const length = clamp(options.length, LENGTH_MIN, LENGTH_MAX);
  const sets = characterSets(options);
  const alphabet = sets.join("");
  for (;;) {
    let password = "";
    for (let i = 0; i < length; i++) password += alphabet[randomIndex(alphabet.length, fill)];
    if (sets.every((set) => [...password].some((c) => set.includes(c)))) return password;
  }
}

/** A passphrase of `words` (4 to 10) words drawn uniformly from `wordList`, joined by hyphens. */
export function generatePassphrase(
  options: PassphraseOptions,
  wordList: readonly string[],
  fill?: FillRandom,
): string {
  if (wordList.length < 2) throw new Error("generatePassphrase: the word list is empty");
  const count = clamp(options.words, WORDS_MIN, WORDS_MAX);
  return Array.from({ length: count }, () => wordList[randomIndex(wordList.length, fill)]).join(
    "-",
  );
}

/** The word list of passphrases: the 7,776 words of the EFF's long diceware list, loaded with the strength meter's chunk. */
export async function loadWordList(): Promise<readonly string[]> {
  const { dictionary } = await import("@zxcvbn-ts/language-common");
  return dictionary["diceware-common"];
}
