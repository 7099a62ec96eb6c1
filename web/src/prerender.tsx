/**
 * The build's prerender entry (decision 058): web/vite.config.ts builds it for Node (Vite's SSR
 * build) and calls `prerenderPage` for each first page, whose markup goes into the prepared
 * page's `#root` (web/dist/pages/<name>.html); main.tsx hydrates it. React's `prerender` waits
 * for the lazy screen. Nobody is signed in at build time: /api/me is pending, so the guest guard
 * renders the guest screen (app/guards.tsx), as the browser does until /api/me answers.
 */
import { StrictMode, type ReactNode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { Providers } from "./app/providers";

export async function prerenderPage(path: string): Promise<string> {
  const errors: unknown[] = [];
  const AtPath = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerender(
    <StrictMode>
      <Providers Router={AtPath} prerenderedPage={path} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw new AggregateError(errors, `prerendering ${path} failed`);
  return html;
}
