import { openedWishes } from "@common/assets/wishes";
import { LEGACY_MSG, type LegacyItem } from "@common/legacy";
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { linkLook } from "@/components/looks";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { EstateDetails } from "@/features/assets/estate/components/estate-details";
import { openedEstate } from "@/features/assets/estate/opened-estate";
import { PasswordDetails } from "@/features/assets/passwords/components/password-details";
import { WishesDetails } from "@/features/assets/wishes/components/wishes-details";
import { ApiError, errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { formatDate } from "@/lib/format";
import {
  AccessKeyNeededError,
  openLegacyItemQueryOptions,
  useOpenLegacyItem,
  type OpenedLegacyItem,
} from "../api/get-item";
import { legacyItemsQueryKey } from "../api/list-items";
import { LEGACY_PATH } from "../legacy-paths";
import { ITEM_TYPES } from "../item-types";
import { useTitleFocus } from "../step-focus";
import { AccessKeyForm } from "./access-key-form";
import { LegacyDocument } from "./legacy-document";
import { LegacyMessage } from "./legacy-message";
import { LegacyNote } from "./legacy-note";

const BACK = { to: LEGACY_PATH, label: "Back to what was left to you" };

/** An item's heading: its title once opened; before (an access key is asked for) its type only. */
function ItemHeader({
  item,
  isFocused,
}: {
  item: Omit<LegacyItem, "key" | "title"> & { title: string | null };
  isFocused: boolean;
}) {
  const titleRef = useTitleFocus(isFocused);
  return (
    <PageHeader
      title={item.title ?? `A ${ITEM_TYPES[item.type].label.toLowerCase()} left to you`}
      titleRef={titleRef}
      back={BACK}
      description={
        <>
          Left to you by <span className="wrap-anywhere">{item.ownerName}</span>. Released{" "}
          {formatDate(item.releasedAt)}, access until {formatDate(item.accessEndsAt)}.
        </>
      }
    />
  );
}

function OpenedItem({ opened, isFocused }: { opened: OpenedLegacyItem; isFocused: boolean }) {
  const { item, contentKey } = opened;
  return (
    <>
      <ItemHeader item={item} isFocused={isFocused} />
      {opened.type === "password" && (
        <Card>
          <CardContent className="pt-2 sm:pt-4">
            <PasswordDetails content={opened.content} />
          </CardContent>
        </Card>
      )}
      {opened.type === "document" && (
        <LegacyDocument id={item.id} contentKey={contentKey} content={opened.content} />
      )}
      {opened.type === "note" && (
        <LegacyNote id={item.id} contentKey={contentKey} content={opened.content} />
      )}
      {opened.type === "message" && (
        <LegacyMessage id={item.id} contentKey={contentKey} content={opened.content} />
      )}
      {opened.type === "estate" && (
        <Card>
          <CardContent className="pt-6">
            <EstateDetails content={openedEstate(opened.content)} />
          </CardContent>
        </Card>
      )}
      {opened.type === "wishes" && (
        <Card>
          <CardContent className="pt-6">
            <WishesDetails content={openedWishes(opened.content)} />
          </CardContent>
        </Card>
      )}
      <p className="text-sm text-muted-foreground">
        <a
          href={`/api/legacy/items/${encodeURIComponent(item.id)}/release-evidence`}
          download
          className={linkLook}
        >
          Download the evidence of this release
        </a>{" "}
        (signed by Legacy Vault: each step, from the release to your own access) ·{" "}
        <Link to="/verify-evidence" className={linkLook}>
          check a file
        </Link>
      </p>
    </>
  );
}

function ItemError({ error, isFocused }: { error: Error; isFocused: boolean }) {
  const titleRef = useTitleFocus(isFocused);
  return (
    <>
      <PageHeader title="This item could not be opened" titleRef={titleRef} back={BACK} />
      <LoadError>
        {error instanceof DecryptError
          ? error.message
          : errorMessage(error, LEGACY_MSG.itemLoadFailed)}
      </LoadError>
    </>
  );
}

/**
 * One item left to the beneficiary (/legacy?item={id}), decrypted in the browser and shown read-only.
 * An item whose access key this tab lacks asks for it (AccessKeyForm) and shows nothing else.
 * A failed decryption shows its message and nothing of the item; the decrypted content is forgotten on leaving.
 * `isFocused`: the heading takes focus when it appears (see useHasChangedStep), and after an access key opened it.
 */
export function LegacyItemView({ id, isFocused }: { id: string; isFocused: boolean }) {
  const qc = useQueryClient();
  const opened = useOpenLegacyItem(id);
  const [hasEnteredKey, setHasEnteredKey] = useState(false);
  const isSignedOut = opened.error instanceof ApiError && opened.error.status === 401;
  // The portal session ended meanwhile: back to signing in (the item opens again once the code is verified).
  useEffect(() => {
    if (isSignedOut) qc.setQueryData(legacyItemsQueryKey, null);
  }, [isSignedOut, qc]);

  const { error } = opened;
  if (error instanceof AccessKeyNeededError) {
    const { key: _key, encryptedData: _data, files: _files, ...item } = error.detail;
    return (
      <>
        <ItemHeader item={item} isFocused={isFocused} />
        <AccessKeyForm
          needed={error}
          onOpened={(data) => {
            setHasEnteredKey(true);
            qc.setQueryData(openLegacyItemQueryOptions(id).queryKey, data);
          }}
          onDamaged={() => {
            setHasEnteredKey(true);
            void opened.refetch();
          }}
        />
      </>
    );
  }
  if (error)
    return isSignedOut ? null : <ItemError error={error} isFocused={isFocused || hasEnteredKey} />;
  if (!opened.data) return <Loading />;
  return <OpenedItem opened={opened.data} isFocused={isFocused || hasEnteredKey} />;
}
