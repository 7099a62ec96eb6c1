import { CATALOGUE_MSG, type ItemAccess } from "@common/catalogue";
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { normalizeEmail } from "@/lib/keys/pending-items";
import { toast } from "@/lib/toast";
import { useSetItemAccess } from "../api/set-item-access";
import type { OpenedAsset } from "../api/get-asset";
import type { AssetType } from "@common/assets";

/** The saved item the beneficiary section belongs to (absent on a new item's form). */
type ItemAccessContextValue = Pick<OpenedAsset<AssetType>, "asset" | "wrappedKey">;

const ItemAccessContext = createContext<ItemAccessContextValue | null>(null);

/**
 * A new item's choices, kept on its form until it is saved (decision 098): the addresses told only
 * that it exists. The new-item screen holds them; the item's save reads them.
 */
type NewItemAccess = {
  catalogue: ReadonlySet<string>;
  choose: (email: string, access: ItemAccess) => void;
};
const NewItemAccessContext = createContext<NewItemAccess | null>(null);

/** Around a new item's form: each chosen person's choice, sent with the item when it is saved. */
export function NewItemAccessProvider({ children }: { children: ReactNode }) {
  const [catalogue, setCatalogue] = useState<ReadonlySet<string>>(new Set());
  const choose = useCallback((email: string, access: ItemAccess) => {
    setCatalogue((before) => {
      const next = new Set(before);
      if (access === "catalogue") next.add(normalizeEmail(email));
      else next.delete(normalizeEmail(email));
      return next;
    });
  }, []);
  const value = useMemo(() => ({ catalogue, choose }), [catalogue, choose]);
  return <NewItemAccessContext value={value}>{children}</NewItemAccessContext>;
}

/** The new item's people told only that it exists, among `emails` (none outside a new item's form). */
export function useNewItemCatalogue(): (emails: string[]) => string[] {
  const draft = useContext(NewItemAccessContext);
  return useCallback(
    (emails: string[]) =>
      draft ? emails.filter((e) => draft.catalogue.has(normalizeEmail(e))) : [],
    [draft],
  );
}

/** Around an opened item's screen: its beneficiary section offers each person's choice. */
export function ItemAccessProvider({
  value,
  children,
}: {
  value: ItemAccessContextValue;
  children: ReactNode;
}) {
  return <ItemAccessContext value={value}>{children}</ItemAccessContext>;
}

/** The saved item whose screen this is (null on a new item's form). */
export const useOpenedItem = (): ItemAccessContextValue | null => useContext(ItemAccessContext);

const same = (a: string, b: string) => normalizeEmail(a) === normalizeEmail(b);

function PersonAccess({ item, email }: { item: ItemAccessContextValue; email: string }) {
  const set = useSetItemAccess();
  const saved = item.asset.beneficiaryEmails.some((e) => same(e, email));
  const stored: ItemAccess = item.asset.catalogueEmails?.some((e) => same(e, email))
    ? "catalogue"
    : "content";
  // shown at once; the list's next fetch confirms it
  const [chosen, setChosen] = useState<ItemAccess>(stored);
  const onChange = (access: ItemAccess) => {
    setChosen(access);
    set.mutate(
      {
        assetId: item.asset.id,
        email,
        access,
        title: item.asset.isTitleOpen ? item.asset.title : "",
        wrappedKey: item.wrappedKey,
      },
      {
        onSuccess: () =>
          toast.success(
            access === "catalogue"
              ? `${email} will be told only that this item exists.`
              : `${email} will receive the content of this item.`,
          ),
        onError: (err) => {
          setChosen(stored);
          toast.error(errorMessage(err, "The choice could not be saved. Please try again."));
        },
      },
    );
  };
  return (
    <AccessSelect
      email={email}
      value={chosen}
      onChange={onChange}
      disabled={!saved || set.isPending}
      hint={saved ? undefined : `Save the item first; then choose what ${email} receives.`}
    />
  );
}

/** One person's "What they receive" select, with a line under it when it cannot be used yet. */
function AccessSelect({
  email,
  value,
  onChange,
  disabled = false,
  hint,
}: {
  email: string;
  value: ItemAccess;
  onChange: (access: ItemAccess) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="grid gap-1 sm:grid-cols-[1fr_14rem] sm:items-center sm:gap-3">
      <Label htmlFor={id} className="wrap-anywhere">
        {CATALOGUE_MSG.label}: {email}
      </Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.value as ItemAccess)}
      >
        <option value="content">{CATALOGUE_MSG.content}</option>
        <option value="catalogue">{CATALOGUE_MSG.catalogue}</option>
      </NativeSelect>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground sm:col-span-2">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A new item's person: the choice is kept with the form and sent when the item is saved. */
function NewPersonAccess({ draft, email }: { draft: NewItemAccess; email: string }) {
  return (
    <AccessSelect
      email={email}
      value={draft.catalogue.has(normalizeEmail(email)) ? "catalogue" : "content"}
      onChange={(access) => draft.choose(email, access)}
    />
  );
}

/**
 * Consent in the law's terms (docs/decisions/098): under the beneficiary picker, each person's
 * choice between the content and only that it exists (RUFADAA's "catalogue"). A saved item saves
 * it as soon as it is made; a new item's form keeps it and sends it with the item.
 */
export function ItemAccessSelects({ emails }: { emails: string[] }) {
  const item = useContext(ItemAccessContext);
  const draft = useContext(NewItemAccessContext);
  if ((!item && !draft) || emails.length === 0) return null;
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">What each person receives</legend>
      <p className="text-sm text-muted-foreground">
        “Only that it exists”: they will see this item’s kind and title, never its content.
      </p>
      {emails.map((email) =>
        item ? (
          <PersonAccess key={email} item={item} email={email} />
        ) : draft ? (
          <NewPersonAccess key={email} draft={draft} email={email} />
        ) : null,
      )}
    </fieldset>
  );
}
