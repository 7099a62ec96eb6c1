import { ASSET_MSG } from "@common/assets";
import { Pencil } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { addedBeneficiaryEmail } from "@/features/beneficiaries/return-path";
import { EditPasswordForm } from "@/features/assets/passwords/components/edit-password-form";
import { PasswordDetails } from "@/features/assets/passwords/components/password-details";
import { PasswordLoadError } from "@/features/assets/passwords/components/password-load-error";
import { useOpenAsset } from "@/features/assets/api/get-asset";
import { dataKeyQueryOptions } from "@/features/assets/api/get-data-key";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const BACK = { to: "/vault", label: "Back to passwords" };

/** /vault/{id}: one password, decrypted in the browser; view mode and edit mode toggled by Edit and Done. */
function PasswordScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const opened = useOpenAsset<"password">(id);
  const location = useLocation();
  // Back from the picker's 'add-new' (/beneficiaries/new): resume editing, the picker selects the new e-mail.
  const [isEditing, setIsEditing] = useState(() => addedBeneficiaryEmail(location.state) !== null);
  const editRef = useRef<HTMLButtonElement>(null);
  const isFocusPending = useRef(false);
  // After a failed refetch the query keeps its old data: an error always wins, so nothing stale or partial shows.
  const error = opened.error;
  const data = error ? undefined : opened.data;
  // A missing asset, someone else's (both 404) or another type of asset: back to the list (spec 02 Asset detail rules).
  const isNotFound = (error instanceof ApiError && error.status === 404) || (data !== undefined && data.asset.type !== "password");

  useEffect(() => {
    if (!isNotFound) return;
    toast.error(ASSET_MSG.passwordNotFound, { id: "password-not-found" });
    void navigate("/vault", { replace: true });
  }, [isNotFound, navigate]);
  // Done and Cancel disappear with the form: focus returns to Edit.
  useEffect(() => {
    if (isEditing || !isFocusPending.current) return;
    isFocusPending.current = false;
    editRef.current?.focus();
  }, [isEditing]);

  const retry = async () => {
    // The data key may be what failed; the asset query waits for it.
    await qc.refetchQueries({ queryKey: dataKeyQueryOptions().queryKey, predicate: (q) => q.state.status === "error" });
    await opened.refetch();
  };
  const stopEditing = () => {
    isFocusPending.current = true;
    setIsEditing(false);
  };

  if (isNotFound) return null;
  if (error) {
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageHeader title="Password" back={BACK} />
        <PasswordLoadError error={error} onRetry={() => void retry()} />
      </div>
    );
  }
  if (!data) return <Loading />;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={data.asset.title}
        description={isEditing ? "Edit the details, then press Done to save them." : undefined}
        back={BACK}
        actions={
          !isEditing && (
            <Button ref={editRef} onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
          )
        }
      />
      <Card>
        <CardContent className="pt-2 sm:pt-4">
          {isEditing ? (
            <div className="pt-4">
              <EditPasswordForm opened={data} onDone={stopEditing} onCancel={stopEditing} />
            </div>
          ) : (
            <PasswordDetails asset={data.asset} content={data.content} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export default function VaultDetailScreen() {
  const { id = "" } = useParams();
  return <PasswordScreen key={id} id={id} />;
}
