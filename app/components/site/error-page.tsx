import { Link } from "react-router";

import { Button } from "#app/components/ui/button";
import { ErrorNotice } from "#app/components/ui/error-notice";

/** What a visitor sees for a missing page (404) or a failure; never a stack trace. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600">{status}</p>
      <div>
        <ErrorNotice
          notFound={status === 404}
          words={{
            notFound: {
              title: "Oops! Page not found",
              message: "The page you are looking for does not exist or has moved.",
            },
            failed: {
              title: "Something went wrong",
              message: "We could not load this page. Please try again in a moment.",
            },
          }}
        />
      </div>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
