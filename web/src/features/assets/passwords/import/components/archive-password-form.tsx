import { ARCHIVE_MSG } from "@common/export";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

type Props = {
  fileName: string;
  /** Opens the archive; resolves to an error message for the password field, or nothing. */
  onOpen: (password: string) => Promise<string | undefined>;
  onCancel: () => void;
};

/**
 * An encrypted archive (.lvault, decision 055) was chosen: its password, typed once. It is
 * opened here in the browser; a wrong password keeps the file and asks again, and nothing is
 * saved before the preview's confirmation in any case.
 */
export function ArchivePasswordForm({ fileName, onOpen, onCancel }: Props) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [isOpening, setIsOpening] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(ARCHIVE_MSG.passwordRequired);
      return inputRef.current?.focus();
    }
    setError(undefined);
    setIsOpening(true);
    const problem = await onOpen(password);
    setIsOpening(false);
    if (problem) {
      setError(problem);
      inputRef.current?.select();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <p className="text-sm text-foreground-soft wrap-anywhere">
        <strong className="font-medium text-foreground">{fileName}</strong> is an encrypted archive.
        Enter the password chosen when it was exported; it is opened in this browser.
      </p>
      <FormField label="Archive password" error={error}>
        <Input
          ref={inputRef}
          type="password"
          autoComplete="off"
          aria-required="true"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={isOpening}
        />
      </FormField>
      <p role="status" className="text-sm text-foreground-soft">
        {isOpening ? "Opening the archive..." : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isOpening}>
          {isOpening ? "Opening..." : "Open archive"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isOpening}>
          Choose another file
        </Button>
      </div>
    </form>
  );
}
