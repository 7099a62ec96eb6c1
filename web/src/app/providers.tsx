import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "@/lib/query-client";
import { useToasterNeeded } from "@/lib/toast";
import { AppRoutes } from "./router";
import { SessionWatcher } from "./session-watcher";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

function ToastHost() {
  const isNeeded = useToasterNeeded();
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
    </Suspense>
  );
}

export function Providers() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionWatcher />
        <AppRoutes />
      </BrowserRouter>
      <ToastHost />
    </QueryClientProvider>
  );
}
