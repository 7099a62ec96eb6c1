import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { watchTabClose } from "./features/keys/tab-close";
import { startTheme } from "./lib/theme";
import "./index.css";

startTheme();
watchTabClose(); // closing the tab locks the vault (decision 046)

const root = document.getElementById("root");
if (root) {
  // A transition: React renders the first screen in slices that yield to the browser between
  // them, instead of one long task that holds input (issue 13, Lighthouse's Total Blocking Time).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers />
      </StrictMode>,
    ),
  );
}
