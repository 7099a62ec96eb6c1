import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

/** One titled section of the profile page (h2: the page has one h1; h3 inside a group such as "Sign-in protection"). */
export function ProfileCard({
  title,
  description,
  aside,
  children,
  Heading = "h2",
}: {
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  Heading?: "h2" | "h3";
}) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading className="text-lg font-semibold">{title}</Heading>
          {aside}
        </div>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
