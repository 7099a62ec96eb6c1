import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

/**
 * The web-dom project's setup (component tests, *.test.tsx in happy-dom): each test starts from an
 * empty document. Vitest runs without globals here, so Testing Library cannot register this itself.
 * An unexpected console.error (React's act() warnings among them) fails the test: the project also
 * loads test/fail-on-console-error.ts, as the server's does.
 */
afterEach(() => cleanup());
