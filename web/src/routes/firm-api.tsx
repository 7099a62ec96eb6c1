import { PageHeader } from "@/components/page-header";
import { ApiKeysManager } from "@/features/firm-api/components/api-keys-manager";
import { WebhooksManager } from "@/features/firm-api/components/webhooks-manager";

/**
 * /firm/api (decision 101): the firm admin's API keys for the firm's own software, and the
 * webhooks that tell it what happened. The router lets firm admins only; the server checks again.
 */
export default function FirmApiScreen() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="API"
        description={
          <>
            Keys and webhooks for your firm&apos;s own software. See the{" "}
            <a className="underline" href="/api/v1/openapi.json">
              OpenAPI document
            </a>
            .
          </>
        }
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
      />
      <ApiKeysManager />
      <WebhooksManager />
    </div>
  );
}
