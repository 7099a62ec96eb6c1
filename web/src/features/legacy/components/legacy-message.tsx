import { openedMessageSchema, type MessageContent } from "@common/messages";
import { Card, CardContent } from "@/components/ui/card";
import { MessageView } from "@/features/assets/messages/components/message-view";
import { legacyFilePath } from "../api/get-item";

/** A delivered message, read-only: the letter, or the recording or video with its transcript. */
export function LegacyMessage({
  id,
  contentKey,
  content,
}: {
  id: string;
  /** MK, derived with the message's waiting share (decision 089). */
  contentKey: CryptoKey;
  content: MessageContent;
}) {
  const opened = openedMessageSchema.parse(content);
  return (
    <Card>
      <CardContent className="pt-6">
        <MessageView
          content={opened}
          source={
            opened.media && opened.format !== "letter"
              ? { url: legacyFilePath(id, "media"), contentKey, contentType: opened.media.type }
              : null
          }
        />
      </CardContent>
    </Card>
  );
}
