import { Alert, AlertDescription } from "@/components/ui/alert";
import { useAccessKeyArrival } from "../access-keys";

/**
 * Says plainly what became of the access key in the link the beneficiary opened: received (while
 * it is still in memory), or unreadable. `isSignedIn`: whether the code was verified already.
 */
export function AccessKeyNotice({
  isSignedIn,
  className,
}: {
  isSignedIn: boolean;
  className?: string;
}) {
  const arrival = useAccessKeyArrival();
  if (arrival?.status === "unreadable")
    return (
      <Alert variant="warning" className={className}>
        <p className="mb-1 font-semibold">The access key in this link could not be read</p>
        <AlertDescription>
          Check that you opened or copied the whole link. You can also enter the access key when you
          open an item.
        </AlertDescription>
      </Alert>
    );
  if (!arrival) return null;
  return (
    <Alert variant="success" className={className}>
      <p className="mb-1 font-semibold">Access key received</p>
      <AlertDescription>
        {isSignedIn ? (
          <p>Open an item below to use it.</p>
        ) : (
          <p>
            It is used once you sign in: enter your e-mail address below and the code we send you.
            Keep this tab open, and do not reload it, until then.
          </p>
        )}
        <p className="mt-2">
          It is kept in this browser tab only (once you are signed in, also when you reload it),
          never sent to us, and forgotten when you close the tab or sign out.
        </p>
      </AlertDescription>
    </Alert>
  );
}
