import { MESSAGE_MSG } from "@common/messages";
import { Mail } from "lucide-react";
import { useRef } from "react";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { AssetSearch, matchesTitle } from "@/features/assets/components/asset-search";
import { useMessageSchedules } from "@/features/assets/messages/api/list-message-schedules";
import { MessageList } from "@/features/assets/messages/components/message-list";

/** /messages: letters, voice messages and videos left for later, and when each is delivered. */
export default function MessagesScreen() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const schedules = useMessageSchedules();
  return (
    <AssetListScreen
      type="message"
      title="Messages for later"
      description="Letters, voice messages and videos, delivered on the day you choose. Encrypted in your browser."
      action={{ to: "/messages/new", label: "New message", Icon: Mail }}
      titleRef={titleRef}
      loadFailed={() => MESSAGE_MSG.loadFailed}
      cardClassName="grid gap-4 p-4"
      empty={{
        title: "No messages yet",
        text: "Write a letter or record a message for a birthday, an anniversary or a day of your choosing.",
      }}
    >
      {({ assets, search, setSearch }) => (
        <>
          <AssetSearch label="Search messages" value={search} onChange={setSearch} />
          <MessageList
            messages={assets.filter((m) => matchesTitle(m.title, search))}
            schedules={schedules.data?.schedules ?? []}
          />
        </>
      )}
    </AssetListScreen>
  );
}
