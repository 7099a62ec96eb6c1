import { Link } from "react-router";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <Link to="/" className="text-link underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
