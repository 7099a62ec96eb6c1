import { API_MSG } from "@common/firm-api";
import { useState } from "react";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { Card } from "@/components/ui/card";
import { useApiKeys } from "../api/list-api-keys";
import { ApiKeysTable } from "./api-keys-table";
import { CreateApiKeyForm } from "./create-api-key-form";
import { NewKeyNotice } from "./new-key-notice";

/** /firm/api's keys: a new key's text once, the form, and the list. */
export function ApiKeysManager() {
  const keys = useApiKeys();
  const [token, setToken] = useState<string | null>(null);
  return (
    <section className="grid gap-4" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title" className="text-xl font-semibold">
        API keys
      </h2>
      {token && (
        <NewKeyNotice
          secret={token}
          message={API_MSG.keyCreated}
          label="Your new API key"
          onDone={() => setToken(null)}
        />
      )}
      <Card className="p-4">
        <CreateApiKeyForm onCreated={setToken} />
      </Card>
      <Card className="p-2 sm:p-4">
        {keys.isPending ? (
          <Loading variant="list" />
        ) : keys.isError ? (
          <LoadError onRetry={() => void keys.refetch()}>Could not load the API keys.</LoadError>
        ) : keys.data.length === 0 ? (
          <p className="p-6 text-center text-muted-foreground">No API keys yet.</p>
        ) : (
          <ApiKeysTable keys={keys.data} />
        )}
      </Card>
    </section>
  );
}
