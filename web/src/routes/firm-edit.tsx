import { FIRM_EDIT_MSG } from "@common/firms";
import { Palette, Plug } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from "@/components/ui/card";
import { useFirm } from "@/features/firms/api/get-firm";
import { FirmEditForm } from "@/features/firms/components/firm-edit-form";
import { FirmPageForm } from "@/features/firms/components/firm-page-form";
import { RemindersSection } from "@/features/reminders/components/reminders-section";
import { errorMessage } from "@/lib/api-client";

/**
 * /firm/edit (firm_admin): the firm's logo, name, phone and address; its page's address and colour;
 * its reminders to clients with incomplete plans (decision 100).
 */
export default function FirmEditScreen() {
  const navigate = useNavigate();
  const firm = useFirm();

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Edit Firm Details"
        description="How your firm appears to your staff and clients."
        back={{ to: "/dashboard", label: "Back to dashboard" }}
      />
      <Card>
        <CardContent className="pt-6">
          {firm.data ? (
            <FirmEditForm
              key={firm.data.id}
              firm={firm.data}
              onSaved={() => navigate("/dashboard")}
            />
          ) : firm.isError ? (
            <LoadError onRetry={() => void firm.refetch()}>
              {errorMessage(firm.error, FIRM_EDIT_MSG.loadFailed)}
            </LoadError>
          ) : (
            <Loading variant="detail" />
          )}
        </CardContent>
      </Card>
      {firm.data && (
        <Card>
          <CardHeader>
            <CardHeading icon={Palette}>Firm page</CardHeading>
            <CardDescription>
              Where your clients sign in and register under your firm&apos;s name and colour.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <FirmPageForm key={firm.data.id} firm={firm.data} />
          </CardContent>
        </Card>
      )}
      {firm.data && (
        <section id="reminders" aria-label="Reminders to clients" className="grid gap-6">
          <RemindersSection firmName={firm.data.name} />
        </section>
      )}
      <Card>
        <CardHeader>
          <CardHeading icon={Plug}>API and webhooks</CardHeading>
          <CardDescription>
            Let your firm&apos;s own software read clients and plan status, invite clients, and hear
            when something happens.{" "}
            <Link className="underline" to="/firm/api">
              Manage API keys and webhooks
            </Link>
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
