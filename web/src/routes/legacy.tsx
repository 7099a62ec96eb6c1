import { TASKS_MSG } from "@common/executor-tasks";
import { LEGACY_MSG, type LegacyItem } from "@common/legacy";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { useLegacyItems } from "@/features/legacy/api/list-items";
import { AccessKeyNotice } from "@/features/legacy/components/access-key-notice";
import { LegacyItemList } from "@/features/legacy/components/legacy-item-list";
import { LegacyItemView } from "@/features/legacy/components/legacy-item-view";
import { useCare } from "@/features/legacy/api/list-care";
import { openedEstate } from "@/features/assets/estate/opened-estate";
import { useTasks } from "@/features/executor-tasks/api/list-tasks";
import { ExecutorWorkspace } from "@/features/executor-tasks/components/executor-workspace";
import { firmPageQueryOptions } from "@/features/firms/api/get-firm-page";
import { TaskProgress } from "@/features/executor-tasks/components/task-progress";
import { useExecutorMilestones } from "@/features/milestones/api/list-executor-milestones";
import { ExecutorMilestones } from "@/features/milestones/components/executor-milestones";
import type { AccessKeys } from "@/features/executor-tasks/use-workspace";
import {
  forgetAccessKey,
  getAccessKey,
  readAccessKeyEntry,
  rememberAccessKey,
  restoreAccessKeys,
  useAccessKeysVersion,
} from "@/features/legacy/access-keys";
import { getLegacyItem, openWithAccessKey } from "@/features/legacy/api/get-item";
import { openContentKey, WrongAccessKeyError } from "@/features/legacy/item-key";
import { useLegacyTitles } from "@/features/legacy/use-legacy-titles";
import { CareItemView } from "@/features/legacy/components/care-item-view";
import { CareList } from "@/features/legacy/components/care-list";
import { useEarlyWishes } from "@/features/legacy/api/list-early-wishes";
import { EarlyWishesList } from "@/features/legacy/components/early-wishes-list";
import { EarlyWishesView } from "@/features/legacy/components/early-wishes-view";
import { LegacySignIn } from "@/features/legacy/components/legacy-sign-in";
import { PortalLayout } from "@/features/legacy/components/portal-layout";
import { useHasChangedStep, useTitleFocus } from "@/features/legacy/step-focus";
import { LEGACY_PATH } from "@/features/legacy/legacy-paths";
import { useAccessKeyFromLink } from "@/features/legacy/use-access-key-link";
import { useKeepAccessKeys } from "@/features/legacy/use-keep-access-keys";
import { errorMessage } from "@/lib/api-client";

const BACK = { to: LEGACY_PATH, label: "Back" };

/** Whether an access key opens an item left under its beneficiary key; null when none can tell. */
async function checkAccessKey(items: LegacyItem[], keyId: string, accessKey: Uint8Array) {
  const item = items.find(
    (i) =>
      i.key?.kind === "beneficiary-key" &&
      i.key.beneficiaryKeyId === keyId &&
      i.key.escrowShare === null,
  );
  if (!item?.key) return null;
  try {
    await openContentKey({ assetId: item.id, key: item.key, accessKey });
    return true;
  } catch (err) {
    if (err instanceof WrongAccessKeyError) return false;
    throw err;
  }
}

/** What an inventory entry wants done: opened here with the access keys this tab holds. */
async function openEntryFacts(id: string) {
  const opened = await openWithAccessKey(await getLegacyItem(id));
  if (opened.type !== "estate") return { category: null, action: null };
  const { category, action } = openedEstate(opened.content);
  return { category, action };
}

/**
 * /legacy?tasks={owner id}: the executor's workspace (decision 099), given the estate's inventory
 * entries with their titles and the portal's access keys.
 */
function ExecutorTasksStep({
  ownerId,
  items,
  isFocused,
}: {
  ownerId: string;
  items: LegacyItem[];
  isFocused: boolean;
}) {
  const titleRef = useTitleFocus(isFocused);
  const tasks = useTasks(true);
  // the access keys this tab kept, back after a reload, before the workspace asks for one
  const restored = useQuery({
    queryKey: ["legacy", "access-keys-restored"],
    queryFn: () => restoreAccessKeys().then(() => true),
    staleTime: Infinity,
  });
  const version = useAccessKeysVersion();
  const entryItems = useMemo(
    () =>
      items.filter((i) => i.ownerId === ownerId && i.type === "estate" && i.access !== "catalogue"),
    [items, ownerId],
  );
  const { titled } = useLegacyTitles(entryItems);
  const entries = useMemo(() => {
    const opened = new Map(titled?.map((t) => [t.id, t.title]));
    return new Map(
      entryItems.map((i) => [
        i.id,
        opened.get(i.id) ?? "An inventory entry (its title is not open)",
      ]),
    );
  }, [entryItems, titled]);
  const check = useCallback(
    (keyId: string, accessKey: Uint8Array) => checkAccessKey(items, keyId, accessKey),
    [items],
  );
  const keys: AccessKeys = useMemo(
    () => ({
      get: getAccessKey,
      version,
      check,
      read: (text, keyId) => {
        const entry = readAccessKeyEntry(text, keyId);
        return entry && entry !== "other-key" ? entry.accessKey : null;
      },
      remember: rememberAccessKey,
      forget: forgetAccessKey,
    }),
    [version, check],
  );
  const estate = tasks.data?.estates.find((e) => e.ownerId === ownerId);
  if (tasks.error)
    return (
      <>
        <PageHeader title="Your tasks" titleRef={titleRef} back={BACK} />
        <LoadError onRetry={() => void tasks.refetch()}>
          {errorMessage(tasks.error, TASKS_MSG.loadFailed)}
        </LoadError>
      </>
    );
  if (!tasks.data || !restored.data) return <Loading />;
  if (estate?.role !== "executor")
    return (
      <>
        <PageHeader title="This workspace is closed" titleRef={titleRef} back={BACK} />
        <LoadError>{TASKS_MSG.workspaceClosed}</LoadError>
      </>
    );
  return (
    <ExecutorWorkspace
      estate={estate}
      entries={entries}
      openEntry={openEntryFacts}
      keys={keys}
      titleRef={titleRef}
    />
  );
}

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
  const tasksOf = params.get("tasks");
  const care = useCare(!!items.data);
  const tasks = useTasks(!!items.data);
  const milestones = useExecutorMilestones(!!items.data);
  const wishes = useEarlyWishes(!!items.data);
  // signed out: the firm the release e-mail named (?firm=<its page's slug>) carries the sign-in
  const firmSlug = params.get("firm");
  const firmPage = useQuery({
    ...firmPageQueryOptions(firmSlug ?? ""),
    enabled: items.data === null && !!firmSlug,
  });
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
              : tasksOf
                ? `tasks:${tasksOf}`
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
  else if (tasksOf)
    page = (
      <ExecutorTasksStep
        key={tasksOf}
        ownerId={tasksOf}
        items={items.data.items}
        isFocused={isFocused}
      />
    );
  else
    page = (
      <LegacyItemList
        view={items.data}
        isFocused={isFocused}
        care={
          care.data?.owners.length ||
          wishes.data?.wishes.length ||
          tasks.data?.estates.some((e) => e.tasks.length || e.role === "executor") ||
          milestones.data?.estates.length ? (
            <>
              {wishes.data?.wishes.length ? <EarlyWishesList view={wishes.data} /> : null}
              {care.data?.owners.length ? <CareList view={care.data} /> : null}
              {tasks.data ? <TaskProgress view={tasks.data} /> : null}
              {milestones.data ? <ExecutorMilestones view={milestones.data} /> : null}
            </>
          ) : null
        }
      />
    );

  return (
    <PortalLayout
      firms={
        items.data
          ? items.data.firms
          : firmPage.data
            ? [{ name: firmPage.data.name, brandColor: firmPage.data.brandColor }]
            : []
      }
    >
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
