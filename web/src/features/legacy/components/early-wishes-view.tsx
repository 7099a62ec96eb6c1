import { openedWishes } from "@common/assets/wishes";
import { LEGACY_MSG } from "@common/legacy";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { WishesDetails } from "@/features/assets/wishes/components/wishes-details";
import { ApiError, errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { openEarlyWishesQueryOptions, useOpenEarlyWishes } from "../api/get-early-wishes";
import { AccessKeyNeededError } from "../api/get-item";
import { LEGACY_PATH } from "../legacy-paths";
import { useTitleFocus } from "../step-focus";
import { AccessKeyForm } from "./access-key-form";

const BACK = { to: LEGACY_PATH, label: "Back" };
export const WISHES_GONE = "These wishes can no longer be read here.";

function Header({ ownerName, isFocused }: { ownerName: string; isFocused: boolean }) {
  const titleRef = useTitleFocus(isFocused);
  return (
    <PageHeader
      title={`${ownerName}'s final wishes`}
      titleRef={titleRef}
      back={BACK}
      description={`${ownerName} wanted you to be able to read these straight away, to help plan the funeral.`}
    />
  );
}

/**
 * Final wishes opened at a confirmed death (/legacy?wishes={id}, decision 097): decrypted here with
 * the access key this tab holds (asked for when it has none), a heading per section, read-only,
 * forgotten on leaving. Once the report is withdrawn the server answers 404 and the page says so.
 */
export function EarlyWishesView({ id, isFocused }: { id: string; isFocused: boolean }) {
  const qc = useQueryClient();
  const opened = useOpenEarlyWishes(id);
  const [hasEnteredKey, setHasEnteredKey] = useState(false);
  const titleRef = useTitleFocus(isFocused);
  const { error } = opened;
  if (error instanceof AccessKeyNeededError)
    return (
      <>
        <Header ownerName={error.detail.ownerName} isFocused={isFocused} />
        <AccessKeyForm
          needed={error}
          onOpened={(data) => {
            setHasEnteredKey(true);
            qc.setQueryData(openEarlyWishesQueryOptions(id).queryKey, data);
          }}
          onDamaged={() => {
            setHasEnteredKey(true);
            void opened.refetch();
          }}
        />
      </>
    );
  if (error) {
    const isGone = error instanceof ApiError && (error.status === 404 || error.status === 401);
    return (
      <>
        <PageHeader title="These wishes cannot be opened" titleRef={titleRef} back={BACK} />
        <LoadError>
          {isGone
            ? WISHES_GONE
            : error instanceof DecryptError
              ? error.message
              : errorMessage(error, LEGACY_MSG.itemLoadFailed)}
        </LoadError>
      </>
    );
  }
  if (!opened.data) return <Loading />;
  const { item, content } = opened.data;
  return (
    <>
      <Header ownerName={item.ownerName} isFocused={isFocused || hasEnteredKey} />
      <Card>
        <CardContent className="pt-6">
          <WishesDetails content={openedWishes(content)} />
        </CardContent>
      </Card>
    </>
  );
}
