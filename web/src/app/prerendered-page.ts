import { createContext, useContext } from "react";

/**
 * The path whose markup the build prerendered into the page the browser loaded (decision 058:
 * /welcome, /login, /register; web/src/prerender.tsx), or undefined. On that path a guest screen
 * shows while /api/me is pending, as the prerendered markup does, instead of <Loading />: the
 * markup the visitor already sees stays, and a signed-in visitor still goes to /dashboard once
 * /api/me answers (app/guards.tsx).
 */
export const PrerenderedPageContext = createContext<string | undefined>(undefined);

export const usePrerenderedPage = () => useContext(PrerenderedPageContext);
