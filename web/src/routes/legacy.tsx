import { LEGACY_MSG } from "@common/legacy";
import { useSearchParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { useLegacyItems } from "@/features/legacy/api/list-items";
import { AccessKeyNotice } from "@/features/legacy/components/access-key-notice";
import { LegacyItemList } from "@/features/legacy/components/legacy-item-list";
import { LegacyItemView } from "@/features/legacy/components/legacy-item-view";
import { useCare } from "@/features/legacy/api/list-care";
import { useTasks } from "@/features/executor-tasks/api/list-tasks";
import { TaskProgress } from "@/features/executor-tasks/components/task-progress";
import { CareItemView } from "@/features/legacy/components/care-item-view";
import { CareList } from "@/features/legacy/components/care-list";
import { useEarlyWishes } from "@/features/legacy/api/list-early-wishes";
import { EarlyWishesList } from "@/features/legacy/components/early-wishes-list";
import { EarlyWishesView } from "@/features/legacy/components/early-wishes-view";
import { LegacySignIn } from "@/features/legacy/components/legacy-sign-in";
import { PortalLayout } from "@/features/legacy/components/portal-layout";
import { useHasChangedStep } from "@/features/legacy/step-focus";
import { useAccessKeyFromLink } from "@/features/legacy/use-access-key-link";
import { useKeepAccessKeys } from "@/features/legacy/use-keep-access-keys";
import { errorMessage } from "@/lib/api-client";

/**
 * /legacy (issue 5, public): the beneficiary portal the release e-mail links to (?email= pre-fills the address).
 * Signed out: the address, then the mailed code. Signed in (portal cookie, or an account with that address):
 * what was left to them, and one item at a time as ?item={id}. The owner's access-key link
 * (#access=…) is taken into memory and out of the address bar as the screen opens; once signed in,
 * the access keys are kept for the tab's life (a reload does not ask again; decision 075).
 */
export default function LegacyScreen() {
  const [params] = useSearchParams();
  useAccessKeyFromLink();
  const items = useLegacyItems();
  useKeepAccessKeys(!!items.data);
  const itemId = params.get("item");
  const careId = params.get("care");
  const wishesId = params.get("wishes");
  const care = useCare(!!items.data);
  const tasks = useTasks(!!items.data);
  const wishes = useEarlyWishes(!!items.data);
  const step =
    items.data === undefined
      ? null
      : items.data === null
        ? "sign-in"
        : itemId
          ? `item:${itemId}`
          : careId
            ? `care:${careId}`
            : wishesId
              ? `wishes:${wishesId}`
              : "list";
  const isFocused = useHasChangedStep(step);

  let page;
  if (items.error) {
    page = (
      <>
        <PageHeader title="What was left to you" />
        <LoadError onRetry={() => void items.refetch()}>
          {errorMessage(items.error, LEGACY_MSG.itemsLoadFailed)}
        </LoadError>
      </>
    );
  } else if (items.data === undefined) page = <Loading />;
  else if (items.data === null) page = <LegacySignIn defaultEmail={params.get("email") ?? ""} />;
  else if (itemId) page = <LegacyItemView key={itemId} id={itemId} isFocused={isFocused} />;
  else if (careId) page = <CareItemView key={careId} id={careId} isFocused={isFocused} />;
  else if (wishesId) page = <EarlyWishesView key={wishesId} id={wishesId} isFocused={isFocused} />;
  else
    page = (
      <LegacyItemList
        view={items.data}
        isFocused={isFocused}
        care={
          care.data?.owners.length ||
          wishes.data?.wishes.length ||
          tasks.data?.estates.some((e) => e.tasks.length) ? (
            <>
              {wishes.data?.wishes.length ? <EarlyWishesList view={wishes.data} /> : null}
              {care.data?.owners.length ? <CareList view={care.data} /> : null}
              {tasks.data ? <TaskProgress view={tasks.data} /> : null}
            </>
          ) : null
        }
      />
    );

  return (
    <PortalLayout firms={items.data?.firms ?? []}>
      {(step === "sign-in" || step === "list") && (
        <AccessKeyNotice
          isSignedIn={step === "list"}
          className={step === "sign-in" ? "mx-auto max-w-md" : undefined}
        />
      )}
      {page}
    </PortalLayout>
  );
}
