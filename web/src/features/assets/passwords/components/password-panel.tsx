import { Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { OpenedAsset } from "../../api/get-asset";
import { EditPasswordForm } from "./edit-password-form";
import { PasswordDetails } from "./password-details";

/** One opened password: view mode and edit mode toggled by Edit and Done. */
export function PasswordPanel({
  opened,
  back,
  isEditingAtFirst,
}: {
  opened: OpenedAsset<"password">;
  back: { to: string; label: string };
  isEditingAtFirst: boolean;
}) {
  const [isEditing, setIsEditing] = useState(isEditingAtFirst);
  const editRef = useRef<HTMLButtonElement>(null);
  const isFocusPending = useRef(false);

  // Done and Cancel disappear with the form: focus returns to Edit.
  useEffect(() => {
    if (isEditing || !isFocusPending.current) return;
    isFocusPending.current = false;
    editRef.current?.focus();
  }, [isEditing]);

  const stopEditing = () => {
    isFocusPending.current = true;
    setIsEditing(false);
  };

  return (
    <>
      <PageHeader
        title={opened.asset.title}
        description={isEditing ? "Edit the details, then press Done to save them." : undefined}
        back={back}
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
              <EditPasswordForm opened={opened} onDone={stopEditing} onCancel={stopEditing} />
            </div>
          ) : (
            <PasswordDetails asset={opened.asset} content={opened.content} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
