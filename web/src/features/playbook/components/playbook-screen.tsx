import { PLAYBOOK_UI_MSG } from "@common/playbook";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { errorMessage } from "@/lib/api-client";
import { useOpenedPlaybook } from "../api/get-playbook";
import { useUpdatePlaybook } from "../api/update-playbook";
import { PlaybookChecklist } from "./playbook-checklist";

/** The checklist with the owner's ticks opened in this tab, each change sealed and saved at once. */
export function PlaybookScreen() {
  const opened = useOpenedPlaybook();
  const update = useUpdatePlaybook();
  if (opened.data)
    return (
      <PlaybookChecklist
        ticks={update.isPending && update.variables ? update.variables : opened.data.ticks}
        isUnreadable={opened.data.isUnreadable}
        isSaving={update.isPending}
        saveError={
          update.error ? errorMessage(update.error, PLAYBOOK_UI_MSG.saveFailed) : undefined
        }
        onChange={(ticks) => update.mutate(ticks)}
      />
    );
  if (opened.isError)
    return (
      <LoadError onRetry={() => void opened.refetch()}>
        {errorMessage(opened.error, PLAYBOOK_UI_MSG.loadFailed)}
      </LoadError>
    );
  return <Loading variant="list" />;
}
