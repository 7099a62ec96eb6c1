import { Dices } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  LENGTH_MAX,
  LENGTH_MIN,
  WORDS_DEFAULT,
  WORDS_MAX,
  WORDS_MIN,
  defaultCharacterOptions,
  generatePassphrase,
  generatePassword,
  loadWordList,
  type CharacterOptions,
} from "../generate-password";

type Kind = "characters" | "passphrase";
type Toggle = "hasLetters" | "hasDigits" | "hasSymbols";
const TOGGLES: { key: Toggle; label: string }[] = [
  { key: "hasLetters", label: "Letters (A-z)" },
  { key: "hasDigits", label: "Digits (0-9)" },
  { key: "hasSymbols", label: "Symbols (!#$...)" },
];

/**
 * The password generator of the password forms: random characters (12 to 64, letters, digits,
 * symbols) or a passphrase of diceware words, from the browser's cryptographic source. "Generate"
 * puts the result in the Password field; the strength meter below it then rates it.
 */
export function PasswordGenerator({ onGenerate }: { onGenerate: (password: string) => void }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>("characters");
  const [options, setOptions] = useState<CharacterOptions>(defaultCharacterOptions);
  const [words, setWords] = useState(WORDS_DEFAULT);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const checkedCount = TOGGLES.filter((t) => options[t.key]).length;

  const generate = async () => {
    setFailure("");
    if (kind === "characters") return onGenerate(generatePassword(options));
    setIsBusy(true);
    try {
      onGenerate(generatePassphrase({ kind: "passphrase", words }, await loadWordList()));
    } catch {
      setFailure("The word list could not load. Please try again.");
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium">Password generator</legend>
      <div
        role="radiogroup"
        aria-label="Kind of password"
        className="flex flex-wrap gap-x-5 gap-y-2"
      >
        {(["characters", "passphrase"] as const).map((k) => (
          <label key={k} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              className="size-4 accent-brand"
            />
            {k === "characters" ? "Random characters" : "Passphrase (words)"}
          </label>
        ))}
      </div>
      {kind === "characters" ? (
        <>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-length`} className="text-sm">
              Length: <span className="font-medium">{options.length}</span> characters
            </label>
            <input
              id={`${id}-length`}
              type="range"
              min={LENGTH_MIN}
              max={LENGTH_MAX}
              value={options.length}
              onChange={(e) => setOptions({ ...options, length: Number(e.target.value) })}
              className="w-full accent-brand"
            />
          </div>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {TOGGLES.map(({ key, label }) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={options[key]}
                  // One kind of character stays chosen: a password needs some.
                  disabled={options[key] && checkedCount === 1}
                  onChange={(e) => setOptions({ ...options, [key]: e.target.checked })}
                  className="size-4 accent-brand"
                />
                {label}
              </label>
            ))}
          </div>
        </>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-words`} className="text-sm">
            Words: <span className="font-medium">{words}</span>
          </label>
          <input
            id={`${id}-words`}
            type="range"
            min={WORDS_MIN}
            max={WORDS_MAX}
            value={words}
            onChange={(e) => setWords(Number(e.target.value))}
            className="w-full accent-brand"
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={() => void generate()} disabled={isBusy}>
          <Dices aria-hidden="true" /> {isBusy ? "Generating..." : "Generate password"}
        </Button>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
      </div>
    </fieldset>
  );
}
