import { Plus } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { CreateFirmCodeForm } from "./create-firm-code-form";

/**
 * 'Create New Code': its own button opens it, and so may others through `isOpen` (the empty
 * state's). Focus returns to whichever opened it while that is still on the page, else to its button.
 */
export function CreateFirmCodeDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const opener = useRef<Element | null>(null);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> Create New Code
        </Button>
      </DialogTrigger>
      <DialogContent
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          if (!(opener.current instanceof HTMLElement) || !opener.current.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Create New Code</DialogTitle>
          <DialogDescription>
            Clients join your firm with this code. Leave the code blank to generate one.
          </DialogDescription>
        </DialogHeader>
        <CreateFirmCodeForm onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
