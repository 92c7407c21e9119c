import type { ReactNode } from "react";

/** The card the pages around signing in share (setup, invitation, the second step): a title, a line, a form. */
export function SignInCard({ title, intro, children }: { title?: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        {title ? <h1 className="text-2xl font-bold">{title}</h1> : null}
        {intro ? <p className="mt-1 mb-6 text-sm text-gray-600">{intro}</p> : null}
        {children}
      </div>
    </main>
  );
}
