import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useMe } from "@/lib/me";
import { toast } from "@/lib/toast";

/** Staff screens need a firm: without one the user is told `message` and goes to /dashboard. Returns whether they have one. */
export function useFirmRequired(message: string): boolean {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const hasFirm = !!me?.firmId;
  useEffect(() => {
    if (!me || hasFirm) return;
    toast.error(message, { id: "firm-required" });
    navigate("/dashboard", { replace: true });
  }, [me, hasFirm, message, navigate]);
  return hasFirm;
}
