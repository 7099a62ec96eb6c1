import { QueryClient } from "@tanstack/react-query";
import { act, render, screen as dom } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { preloadScreensAt, screen } from "./screen";

/**
 * A first visit to a signed-in address (issue 39, the vault list's first rows): the table's screen
 * is loaded, and its prefetch started, before the table first renders, so that the screen shows
 * at once: no "Loading" fallback, which React would then hold the screen back behind for 300 ms.
 */
const Vault = () => <h1>Password Vault</h1>;
const Other = () => <h1>Other</h1>;

function table() {
  const prefetch = vi.fn();
  const loadVault = vi.fn(() => Promise.resolve({ default: Vault, prefetch }));
  const loadOther = vi.fn(() => Promise.resolve({ default: Other }));
  const routes = (
    <>
      <Route path="/vault" element={screen(loadVault)} />
      <Route path="/other" element={screen(loadOther)} />
    </>
  );
  return { routes, prefetch, loadVault, loadOther };
}

const renderAt = (routes: React.ReactNode, path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>{routes}</Routes>
    </MemoryRouter>,
  );

describe("screens preloaded for a first visit", () => {
  it("loads only the screen at the path, starts its prefetch, and shows it without a fallback", async () => {
    const { routes, prefetch, loadVault, loadOther } = table();
    const queryClient = new QueryClient();
    await preloadScreensAt(routes, "/vault", queryClient);
    expect(loadVault).toHaveBeenCalledTimes(1);
    expect(loadOther).not.toHaveBeenCalled();
    expect(prefetch).toHaveBeenCalledWith(queryClient);
    renderAt(routes, "/vault");
    // In the first render already: no Suspense fallback in between.
    expect(dom.getByRole("heading", { name: "Password Vault" })).toBeTruthy();
    expect(dom.queryByText("Loading...")).toBeNull();
  });

  it("shows the next screen after a navigation from a preloaded one", async () => {
    const { routes } = table();
    const nav = (
      <>
        {routes}
        <Route path="/" element={<Link to="/other">Go</Link>} />
      </>
    );
    await preloadScreensAt(nav, "/vault", new QueryClient());
    render(
      <MemoryRouter initialEntries={["/vault"]}>
        <Link to="/other">To other</Link>
        <Routes>{nav}</Routes>
      </MemoryRouter>,
    );
    expect(dom.getByRole("heading", { name: "Password Vault" })).toBeTruthy();
    act(() => dom.getByRole("link", { name: "To other" }).click());
    expect(await dom.findByRole("heading", { name: "Other" })).toBeTruthy();
    expect(dom.queryByRole("heading", { name: "Password Vault" })).toBeNull();
  });

  it("still loads a screen that was not preloaded, behind its fallback", async () => {
    const { routes, loadOther } = table();
    renderAt(routes, "/other");
    expect(dom.queryByRole("heading", { name: "Other" })).toBeNull();
    expect(await dom.findByRole("heading", { name: "Other" })).toBeTruthy();
    expect(loadOther).toHaveBeenCalledTimes(1);
  });

  it("is not held up by a screen whose chunk fails to load", async () => {
    const broken = vi.fn(() => Promise.reject(new Error("chunk gone")));
    const routes = <Route path="/vault" element={screen(broken)} />;
    await expect(preloadScreensAt(routes, "/vault", new QueryClient())).resolves.toBeDefined();
    expect(broken).toHaveBeenCalledTimes(1);
  });
});
