import { Link } from "react-router";

import { Button } from "#app/components/ui/button";

/** What a visitor sees for a missing page (404) or a failure; never a stack trace. */
export function ErrorPage({ status }: { status: number }) {
  const notFound = status === 404;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600">{status}</p>
      <h1 className="text-2xl font-bold">{notFound ? "Oops! Page not found" : "Something went wrong"}</h1>
      <p className="text-gray-600">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "We could not load this page. Please try again in a moment."}
      </p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
