import { openedWishes } from "@common/assets/wishes";
import { LEGACY_MSG } from "@common/legacy";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { EstateDetails } from "@/features/assets/estate/components/estate-details";
import { openedEstate } from "@/features/assets/estate/opened-estate";
import { PasswordDetails } from "@/features/assets/passwords/components/password-details";
import { WishesDetails } from "@/features/assets/wishes/components/wishes-details";
import { ApiError, errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { formatDate } from "@/lib/format";
import { AccessKeyNeededError, type OpenedLegacyItem } from "../api/get-item";
import { openCareItemQueryOptions, useOpenCareItem } from "../api/get-care-item";
import { LEGACY_PATH } from "../legacy-paths";
import { ITEM_TYPES } from "../item-types";
import { useTitleFocus } from "../step-focus";
import { AccessKeyForm } from "./access-key-form";

const BACK = { to: LEGACY_PATH, label: "Back" };
const ENDED = "You can no longer read this. Your access has ended.";

function Header({
  title,
  ownerName,
  endsAt,
  isFocused,
}: {
  title: string;
  ownerName: string;
  endsAt: string;
  isFocused: boolean;
}) {
  const titleRef = useTitleFocus(isFocused);
  return (
    <PageHeader
      title={title}
      titleRef={titleRef}
      back={BACK}
      description={
        <>
          Shared by <span className="wrap-anywhere">{ownerName}</span> while they cannot act. You
          can read this until {formatDate(endsAt)}. You cannot change or download it.
        </>
      }
    />
  );
}

function Opened({ opened, isFocused }: { opened: OpenedLegacyItem; isFocused: boolean }) {
  const { item } = opened;
  return (
    <>
      <Header
        title={item.title}
        ownerName={item.ownerName}
        endsAt={item.accessEndsAt}
        isFocused={isFocused}
      />
      <Card>
        <CardContent className="pt-2 sm:pt-4">
          {opened.type === "password" && <PasswordDetails content={opened.content} />}
          {opened.type === "estate" && <EstateDetails content={openedEstate(opened.content)} />}
          {opened.type === "wishes" && (
            <div className="pt-4">
              <WishesDetails content={openedWishes(opened.content)} />
            </div>
          )}
          {opened.type === "note" && (
            <div className="grid gap-3 pt-4">
              {opened.content.text ? (
                <p className="whitespace-pre-wrap wrap-anywhere">{opened.content.text}</p>
              ) : (
                <p className="text-muted-foreground">No text</p>
              )}
              {(opened.content.audioRecording || opened.content.attachment) && (
                <p className="text-sm text-muted-foreground">
                  This note also has a recording or a file. Files are not shared with caregivers.
                </p>
              )}
            </div>
          )}
          {opened.type === "document" && (
            <p className="pt-4">Documents are not shared with caregivers.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}

/**
 * A caregiver's item (/legacy?care={id}, decision 093): decrypted here with the access key this
 * tab holds (asked for when it has none), shown read-only with no download; forgotten on leaving.
 * After the access ended the server answers 404 and the screen says so in plain words.
 */
export function CareItemView({ id, isFocused }: { id: string; isFocused: boolean }) {
  const qc = useQueryClient();
  const opened = useOpenCareItem(id);
  const [hasEnteredKey, setHasEnteredKey] = useState(false);
  const titleRef = useTitleFocus(isFocused);
  const { error } = opened;
  if (error instanceof AccessKeyNeededError) {
    const item = error.detail;
    return (
      <>
        <Header
          title={`A ${ITEM_TYPES[item.type].label.toLowerCase()} shared with you`}
          ownerName={item.ownerName}
          endsAt={item.accessEndsAt}
          isFocused={isFocused}
        />
        <AccessKeyForm
          needed={error}
          onOpened={(data) => {
            setHasEnteredKey(true);
            qc.setQueryData(openCareItemQueryOptions(id).queryKey, data);
          }}
          onDamaged={() => {
            setHasEnteredKey(true);
            void opened.refetch();
          }}
        />
      </>
    );
  }
  if (error) {
    const isGone = error instanceof ApiError && (error.status === 404 || error.status === 401);
    return (
      <>
        <PageHeader title="This cannot be opened" titleRef={titleRef} back={BACK} />
        <LoadError>
          {isGone
            ? ENDED
            : error instanceof DecryptError
              ? error.message
              : errorMessage(error, LEGACY_MSG.itemLoadFailed)}
        </LoadError>
      </>
    );
  }
  if (!opened.data) return <Loading />;
  return <Opened opened={opened.data} isFocused={isFocused || hasEnteredKey} />;
}
